import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailServer, type TestMailServer } from '../../tests/support/smtp.ts';
import { mailNotifier } from './notifier.ts';

let smtp: TestMailServer;
beforeAll(async () => {
  smtp = await startMailServer();
});
afterAll(() => smtp.close());

const mail = (subject: string) => ({
  kind: 'contact message',
  subject,
  text: 'When do admissions open?\nThank you.',
  replyTo: { name: 'Asha Rao', address: 'asha@example.org' },
});

describe('mailNotifier', () => {
  it('sends the mail to the office, answering to the person who wrote', async () => {
    const notifier = mailNotifier({ smtpUrl: smtp.url, to: 'office@school.example', from: 'web@school.example' });
    notifier.notify(mail('From Asha\r\nBcc: everyone@example.org'));
    await notifier.settled();
    const sent = await smtp.waitFor(/^From Asha/);
    expect(sent.subject).toBe('From Asha Bcc: everyone@example.org');
    expect(sent.to).toMatchObject({ text: 'office@school.example' });
    expect(sent.from).toMatchObject({ text: 'web@school.example' });
    expect(sent.replyTo).toMatchObject({ value: [{ name: 'Asha Rao', address: 'asha@example.org' }] });
    expect(sent.bcc).toBeUndefined();
    expect(sent.text?.trim()).toBe('When do admissions open?\nThank you.');
  });

  it('tries again when the server turns the mail away, and logs it without personal details', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    smtp.refuse = 2;
    const notifier = mailNotifier(
      { smtpUrl: smtp.url, to: 'office@school.example', from: 'office@school.example' },
      [50, 50, 50],
    );
    notifier.notify(mail('Third time lucky'));
    await notifier.settled();
    expect(await smtp.waitFor(/^Third time lucky$/)).toBeTruthy();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toMatch(/about a contact message could not be sent .*trying again/);
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/Asha|Third time/);
    warn.mockRestore();
  });

  it('gives up after its last attempt, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notifier = mailNotifier(
      { smtpUrl: 'smtp://user:pass@127.0.0.1:1', to: 'o@school.example', from: 'o@school.example' },
      [20],
    );
    notifier.notify(mail('Never arrives'));
    await notifier.settled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/could not be sent after 2 attempts and is given up/);
    vi.restoreAllMocks();
  });
});
