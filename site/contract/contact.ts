/**
 * The contact form (spec §3, §5): checked in the browser and by the server, which keeps each
 * message for the administrators (`DATA_DIR/messages.json`, never part of the public content).
 */
import * as z from 'zod';
import { CONTACT_SUBJECTS } from './contact-subjects.ts';
import { Consent, ConsentInput } from './personal-data.ts';

export { HONEYPOT_FIELD } from './contact-subjects.ts';

const required = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .max(max, `${label} must be at most ${max} characters`)
    .trim()
    .min(1, `${label} is required`);

/** POST /api/contact */
export const ContactMessage = z.object({
  name: required('Name', 120),
  email: required('Email', 254).pipe(z.email('Please enter a valid email address')),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .refine((value) => value === '' || /^\+?[0-9 ()-]{7,20}$/.test(value), 'Please enter a valid phone number')
    .default(''),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please choose a subject' }),
  message: required('Message', 5000),
  consent: ConsentInput,
});
export type ContactMessage = z.infer<typeof ContactMessage>;

/** A message as kept and as GET /api/admin/messages answers it. */
export const InboxMessage = ContactMessage.extend({
  _id: z.string(),
  receivedAt: z.iso.datetime(),
  read: z.boolean(),
  /** Messages sent before consent was recorded have none. */
  consent: Consent,
});
export type InboxMessage = z.infer<typeof InboxMessage>;

/** `DATA_DIR/messages.json`: the contact messages. Personal data: administrators only. */
export const InboxRecords = z.object({ messages: z.array(InboxMessage).default([]) });

/** PUT /api/admin/messages/{id}: read (true) or unread (false). */
export const MessageReadState = z.object({ read: z.boolean({ error: 'read must be true or false' }) });
