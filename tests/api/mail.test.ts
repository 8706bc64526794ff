/**
 * E-mails to the office: the real server, configured with SMTP_URL and NOTIFY_EMAIL, sends them
 * to an SMTP server running in this test's process.
 */
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';

const OFFICE = 'office@sunridge.example';
const office = officeMailServer({ notifyEmail: OFFICE });
const site = testServer({ admin: true, env: office.env });

const inbox = async () => (await site.asAdmin('GET', '/api/admin/messages')).body as { name: string }[];
const contact = (name: string, message: string) => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
  phone: '+91 98450 33445',
  subject: 'academic',
  message,
});

describe('with SMTP_URL and NOTIFY_EMAIL set', () => {
  it('e-mails each contact message to the office, naming the sender and carrying the message', async () => {
    const sent = await site.call('POST', '/api/contact', {
      json: contact('Kavya Menon', 'Is there a robotics club for Class 7?\nThank you.'),
    });
    expect(sent.status).toBe(201);
    const mail = await office.smtp.waitFor(/Kavya Menon/, 10_000);
    expect(mail.subject).toBe('Contact message from Kavya Menon: Academic');
    expect(mail.to).toMatchObject({ text: OFFICE });
    expect(mail.replyTo).toMatchObject({ value: [{ name: 'Kavya Menon', address: 'kavya@example.org' }] });
    expect(mail.text).toContain('Is there a robotics club for Class 7?\nThank you.');
    expect(mail.text).toContain('Phone: +91 98450 33445');
  });

  it('e-mails each alumni registration, naming the alumnus and carrying the message', async () => {
    const registered = await site.call('POST', '/api/alumni', {
      json: {
        fullName: 'Harish Bhat',
        gender: 'male',
        mobile: '+91 90000 44444',
        email: 'harish@example.org',
        address: '3 Lake Road',
        periodOfStudy: '1995-2007',
        qualification: 'B.Com',
        occupation: 'Accountant',
        message: 'I would love to help with the annual day.',
      },
    });
    expect(registered.status).toBe(201);
    const mail = await office.smtp.waitFor(/Harish Bhat/, 10_000);
    expect(mail.subject).toBe('Alumni registration: Harish Bhat');
    expect(mail.text).toContain('Harish Bhat registered');
    expect(mail.text).toContain('I would love to help with the annual day.');
    expect(mail.text).toContain('Period of study: 1995-2007');
  });

  it('sends nothing for a message the honeypot caught', async () => {
    await site.call('POST', '/api/contact', {
      json: { ...contact('Bot Sender', 'Buy now'), website: 'http://spam.example' },
    });
    await site.call('POST', '/api/contact', { json: contact('Later Sender', 'After the bot') });
    await office.smtp.waitFor(/Later Sender/);
    expect(office.smtp.mails.some((mail) => /Bot Sender/.test(mail.subject ?? ''))).toBe(false);
  });

  it('keeps the message and tries again when the mail server turns the mail away', async () => {
    office.smtp.refuse = 1;
    const refusedBefore = office.smtp.refused;
    const started = Date.now();
    const sent = await site.call('POST', '/api/contact', {
      json: contact('Farah Khan', 'Bus route question'),
    });
    expect(sent.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await inbox()).map((m) => m.name)).toContain('Farah Khan');
    const mail = await office.smtp.waitFor(/Farah Khan/, 10_000);
    expect(mail.text).toContain('Bus route question');
    expect(office.smtp.refused).toBe(refusedBefore + 1);
    expect(site.server.output()).toMatch(/e-mail about a contact message could not be sent .*trying again/);
    expect(site.server.output()).not.toMatch(/Farah|Bus route/);
  });
});

describe('with a mail server that cannot be reached', () => {
  const lonely = testServer({ admin: true, env: { SMTP_URL: 'smtp://user:pass@127.0.0.1:9', NOTIFY_EMAIL: OFFICE } });

  it('answers and keeps the message all the same, and logs that the mail waits', async () => {
    const started = Date.now();
    const sent = await lonely.call('POST', '/api/contact', { json: contact('Nisha Iyer', 'Fees for Class 11?') });
    expect(sent.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    const stored = await lonely.asAdmin('GET', '/api/admin/messages');
    expect(stored.body).toEqual([expect.objectContaining({ name: 'Nisha Iyer', message: 'Fees for Class 11?' })]);
    const deadline = Date.now() + 10_000;
    while (!/could not be sent/.test(lonely.server.output()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lonely.server.output()).toMatch(/e-mail about a contact message could not be sent .*trying again in 2 s/);
  });
});
