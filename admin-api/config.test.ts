import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig: e-mails to the office', () => {
  it('are off unless both SMTP_URL and NOTIFY_EMAIL are set', () => {
    expect(readConfig({}).mail).toBeNull();
    expect(() => readConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(/both SMTP_URL and NOTIFY_EMAIL/);
    expect(() => readConfig({ NOTIFY_EMAIL: 'office@school.example' })).toThrow(/both SMTP_URL and NOTIFY_EMAIL/);
  });

  it('go to NOTIFY_EMAIL, from it unless MAIL_FROM says otherwise', () => {
    const env = { SMTP_URL: 'smtp://user:p%40ss@mail.example:587', NOTIFY_EMAIL: ' office@school.example ' };
    expect(readConfig(env).mail).toEqual({
      smtpUrl: 'smtp://user:p%40ss@mail.example:587',
      to: 'office@school.example',
      from: 'office@school.example',
      rate: 10,
    });
    expect(readConfig({ ...env, MAIL_FROM: 'website@school.example' }).mail?.from).toBe('website@school.example');
  });

  it('send the subscribers MAIL_RATE e-mails a second, and refuse a rate that is not one', () => {
    const env = { SMTP_URL: 'smtp://mail.example:587', NOTIFY_EMAIL: 'office@school.example' };
    expect(readConfig({ ...env, MAIL_RATE: '2.5' }).mail?.rate).toBe(2.5);
    for (const rate of ['0', '-1', 'fast', '5000']) {
      expect(() => readConfig({ ...env, MAIL_RATE: rate })).toThrow(/MAIL_RATE must be the e-mails to send per second/);
    }
  });

  it('refuses a URL that is not SMTP and an address that is not one', () => {
    const to = 'office@school.example';
    expect(() => readConfig({ SMTP_URL: 'https://mail.example', NOTIFY_EMAIL: to })).toThrow(/SMTP_URL must/);
    expect(() => readConfig({ SMTP_URL: 'mail.example:587', NOTIFY_EMAIL: to })).toThrow(/SMTP_URL must/);
    expect(() => readConfig({ SMTP_URL: 'smtp://mail.example', NOTIFY_EMAIL: 'the office' })).toThrow(
      /NOTIFY_EMAIL must be an e-mail address/,
    );
  });
});
