/** The e-mails the office gets: one per contact message, one per alumni registration. */
import type { Alumni } from '../../site/contract/alumni.ts';
import type { InboxMessage } from '../../site/contract/contact.ts';
import { SUBJECT_LABELS } from '../../site/contract/contact-subjects.ts';
import type { Mail } from './notifier.ts';

export function contactMail(message: InboxMessage): Mail {
  const subject = SUBJECT_LABELS[message.subject];
  return {
    kind: 'contact message',
    about: { record: message._id, email: message.email, phone: message.phone },
    subject: `Contact message from ${message.name}: ${subject}`,
    replyTo: { name: message.name, address: message.email },
    text: [
      `${message.name} wrote through the website's contact form.`,
      '',
      ...details([
        ['Subject', subject],
        ['Email', message.email],
        ['Phone', message.phone],
      ]),
      '',
      message.message,
      '',
      '--',
      `Reply to this e-mail to answer ${message.name}. Every message is also in the Inbox of the dashboard.`,
    ].join('\n'),
  };
}

export function alumniMail(alumnus: Alumni): Mail {
  return {
    kind: 'alumni registration',
    about: { record: alumnus._id, email: alumnus.email, phone: alumnus.mobile },
    subject: `Alumni registration: ${alumnus.fullName}`,
    replyTo: { name: alumnus.fullName, address: alumnus.email },
    text: [
      `${alumnus.fullName} registered as an alumnus on the website. The registration awaits approval in the dashboard.`,
      '',
      ...details([
        ['Period of study', alumnus.periodOfStudy],
        ['Qualification', alumnus.qualification],
        ['Occupation', alumnus.occupation],
        ['Company', [alumnus.companyName, alumnus.companyAddress].filter(Boolean).join(', ')],
        ['Email', alumnus.email],
        ['Mobile', alumnus.mobile],
        ['Address', alumnus.address],
      ]),
      ...(alumnus.message ? ['', alumnus.message] : []),
    ].join('\n'),
  };
}

/** "Label: value" lines, leaving out empty values. */
function details(rows: [string, string][]): string[] {
  return rows.filter(([, value]) => value !== '').map(([label, value]) => `${label}: ${value}`);
}
