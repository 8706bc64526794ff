/**
 * E-mail subscriptions without an account (issue 35, items 1 and 2), against a real SMTP server
 * in the test: the confirmation e-mail and nothing else until it is followed (double opt-in), the
 * same answer for a known and an unknown address, at most 3 e-mails to an address in 24 hours,
 * the subscription's own link to change what it receives, and the one-click unsubscribe of RFC
 * 8058 that a mail program `POST`s.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';
import { eventually } from './personal-data-helpers.ts';

const SITE_URL = 'https://www.sunridge.example';
const mail = officeMailServer();
// The same object: the mail server's hook fills in SMTP_URL before the server starts.
const site = testServer({
  admin: true,
  env: Object.assign(mail.env, { SITE_URL, MAIL_FROM: 'updates@sunridge.example', TRUST_PROXY: '1' }),
});

const subscribe = (json: unknown) => site.call('POST', '/api/subscriptions', { json });

/** The mails to `address` so far. */
const mailsTo = (address: string) => mail.smtp.mails.filter((m) => m.to && 'text' in m.to && m.to.text === address);

/** The link of the mail's text that goes to `path` (…/subscribe/confirm?token=…), as the site's address. */
function linkIn(message: ParsedMail, path: string): URL {
  const href = message.text?.match(new RegExp(`https://\\S+${path}\\?\\S+`))?.[0];
  if (!href) throw new Error(`No link to ${path} in:\n${message.text}`);
  return new URL(href);
}

const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';
const header = (message: ParsedMail, name: string) =>
  message.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

async function confirmationFor(address: string): Promise<ParsedMail> {
  const subject = /confirm your subscription/i;
  for (let waited = 0; ; waited += 50) {
    const found = mailsTo(address).find((m) => subject.test(m.subject ?? ''));
    if (found) return found;
    if (waited > 10_000) throw new Error(`No confirmation e-mail reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('subscribing by e-mail', () => {
  it('sends a confirmation with the school as sender, a text and an HTML part, and the unsubscribe headers', async () => {
    const asked = await subscribe({ email: 'asha@example.org', topics: ['alerts', 'news'], frequency: 'daily' });
    expect(asked.status).toBe(202);
    const message = await confirmationFor('asha@example.org');
    expect(message.from?.value[0]).toMatchObject({
      address: 'updates@sunridge.example',
      name: 'Sunridge Valley School',
    });
    expect(message.subject).toBe('Please confirm your subscription to Sunridge Valley School');
    expect(message.messageId).toMatch(/^<.+@.+>$/);
    expect(message.text).toContain('urgent notices and news, in a daily digest');
    expect(message.html).toContain(`href="${linkIn(message, '/subscribe/confirm').href.replace(/&/g, '&amp;')}"`);
    expect(linkIn(message, '/subscribe/confirm').origin).toBe(SITE_URL);
    expect(header(message, 'list-unsubscribe')).toMatch(
      /^<https:\/\/www\.sunridge\.example\/api\/subscriptions\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header(message, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(message.text).toMatch(
      /Unsubscribe:\nhttps:\/\/www\.sunridge\.example\/subscribe\/manage\?token=\S+&unsubscribe=1/,
    );
  });

  it('answers the same for an address already subscribed, and lets no one change its choice', async () => {
    const first = await subscribe({ email: 'bala@example.org', topics: ['events'] });
    const token = tokenOf(linkIn(await confirmationFor('bala@example.org'), '/subscribe/confirm'));
    expect((await site.call('POST', '/api/subscriptions/confirm', { json: { token } })).status).toBe(200);

    const again = await subscribe({ email: 'BALA@example.org', topics: ['news'], frequency: 'weekly' });
    const unknown = await subscribe({ email: 'nobody-yet@example.org', topics: ['news'], frequency: 'weekly' });
    expect(again.status).toBe(unknown.status);
    expect(again.body).toEqual(unknown.body);
    expect(again.body).toEqual(first.body);

    const mine = await site.call('GET', `/api/subscriptions/mine?token=${encodeURIComponent(token)}`);
    expect(mine.body).toEqual({
      email: 'bala@example.org',
      topics: ['events'],
      frequency: 'instant',
      language: 'en',
      confirmed: true,
    });
    await mail.smtp.waitFor(/already subscribed/);
    const note = mailsTo('bala@example.org').find((m) => /already subscribed/.test(m.subject ?? ''));
    expect(note?.text).toContain('/subscribe/manage?token=');
  });

  it('records the confirmation as the consent, with its time and the privacy notice’s version', async () => {
    await subscribe({ email: 'chitra@example.org', topics: ['circulars'] });
    const token = tokenOf(linkIn(await confirmationFor('chitra@example.org'), '/subscribe/confirm'));
    const before = JSON.parse(await readFile(join(site.dataDir, 'subscriptions.json'), 'utf8'));
    expect(before.subscriptions.find((s: { email: string }) => s.email === 'chitra@example.org').consent).toBeNull();
    const confirmed = await site.call('POST', '/api/subscriptions/confirm', { json: { token } });
    expect(confirmed.body).toMatchObject({ confirmed: true, topics: ['circulars'] });
    const after = JSON.parse(await readFile(join(site.dataDir, 'subscriptions.json'), 'utf8'));
    const record = after.subscriptions.find((s: { email: string }) => s.email === 'chitra@example.org');
    expect(record.consent).toEqual({
      givenAt: record.confirmedAt,
      notice: expect.stringMatching(/^notice-[0-9a-f]{12}$/),
    });
  });

  it('sends at most 3 e-mails to one address in 24 hours, however often it is entered', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await subscribe({ email: 'devi@example.org', topics: ['news'] })).status).toBe(202);
    }
    await subscribe({ email: 'marker-after-devi@example.org', topics: ['news'] });
    await confirmationFor('marker-after-devi@example.org');
    expect(mailsTo('devi@example.org')).toHaveLength(3);
  });

  it('refuses what it cannot take, and changes nothing', async () => {
    const before = await readFile(join(site.dataDir, 'subscriptions.json'), 'utf8');
    const refusals = [
      [{ email: 'not an address', topics: ['news'] }, 'Please enter a valid email address'],
      [{ email: 'e@example.org', topics: [] }, 'Please choose at least one topic'],
      [{ email: 'e@example.org', topics: ['gossip'] }, 'Topics must be any of alerts, news, events and circulars'],
      [{ email: 'e@example.org', topics: ['news'], frequency: 'hourly' }, 'Frequency must be instant, daily or weekly'],
      [
        { email: 'e@example.org', topics: ['news'], language: 'fr' },
        "Language must be one of the site's languages: en",
      ],
    ] as const;
    for (const [json, message] of refusals) {
      const answer = await subscribe(json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    expect(await readFile(join(site.dataDir, 'subscriptions.json'), 'utf8')).toBe(before);
  });
});

describe('a subscription’s own links', () => {
  it('change what it receives, and work only for their own subscription', async () => {
    await subscribe({ email: 'esha@example.org', topics: ['news'] });
    await subscribe({ email: 'farid@example.org', topics: ['news'] });
    const esha = tokenOf(linkIn(await confirmationFor('esha@example.org'), '/subscribe/manage'));
    const farid = tokenOf(linkIn(await confirmationFor('farid@example.org'), '/subscribe/manage'));
    const changed = await site.call('PUT', `/api/subscriptions/mine?token=${encodeURIComponent(esha)}`, {
      json: { topics: ['events', 'alerts'], frequency: 'weekly' },
    });
    expect(changed.body).toMatchObject({
      email: 'esha@example.org',
      topics: ['alerts', 'events'],
      frequency: 'weekly',
    });
    const faridNow = await site.call('GET', `/api/subscriptions/mine?token=${encodeURIComponent(farid)}`);
    expect(faridNow.body).toMatchObject({ email: 'farid@example.org', topics: ['news'], frequency: 'instant' });

    const [id, signature] = esha.split('.');
    const [faridId] = farid.split('.');
    for (const forged of [`${faridId}.${signature}`, `${id}.${'A'.repeat(signature!.length)}`, id!, '']) {
      const answer = await site.call('DELETE', `/api/subscriptions/mine?token=${encodeURIComponent(forged)}`);
      expect(answer.status).toBe(404);
    }
    expect((await site.call('GET', `/api/subscriptions/mine?token=${encodeURIComponent(farid)}`)).status).toBe(200);
  });

  it('unsubscribe in one click when a mail program POSTs List-Unsubscribe=One-Click, and nothing more is sent', async () => {
    await subscribe({ email: 'gita@example.org', topics: ['alerts'] });
    const confirmation = await confirmationFor('gita@example.org');
    const oneClick = header(confirmation, 'list-unsubscribe')!.slice(1, -1).replace(SITE_URL, site.url);
    const answer = await fetch(oneClick, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: 'You are unsubscribed. You will receive no more e-mails from us.' });
    const token = new URL(oneClick).searchParams.get('token')!;
    expect((await site.call('GET', `/api/subscriptions/mine?token=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await site.call('POST', '/api/subscriptions/confirm', { json: { token } })).status).toBe(404);
    // A second POST (a mail program trying again) is answered the same.
    expect((await fetch(oneClick, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const stored = await readFile(join(site.dataDir, 'subscriptions.json'), 'utf8');
    expect(stored).not.toContain('gita@example.org');
  });
});

describe('a flood of requests from one connection', () => {
  it('is refused with 429 and says how long to wait', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.9' };
    const ask = (n: number) =>
      site.call('POST', '/api/subscriptions', {
        json: { email: `flood-${n}@example.org`, topics: ['news'] },
        headers: from,
      });
    for (let n = 0; n < 30; n += 1) expect((await ask(n)).status).toBe(202);
    const refused = await ask(30);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many requests from this connection. Please try again in 60 minutes.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Another connection is not held back.
    expect((await subscribe({ email: 'after-flood@example.org', topics: ['news'] })).status).toBe(202);
  });
});

describe('without a mail server', () => {
  const offline = testServer();

  it('says that e-mail updates are not available, and keeps no address', async () => {
    const answer = await offline.call('POST', '/api/subscriptions', {
      json: { email: 'h@example.org', topics: ['news'] },
    });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      message: 'E-mail updates are not available yet: the school has not set up its e-mail.',
    });
  });
});

describe('unconfirmed subscriptions', () => {
  const kept = testServer({ start: false });

  it('are deleted 7 days after they were asked for; confirmed ones stay', async () => {
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    const record = (email: string, createdAt: string, confirmedAt: string | null) => ({
      _id: email,
      email,
      topics: ['news'],
      frequency: 'instant',
      language: 'en',
      createdAt,
      confirmedAt,
      consent: confirmedAt ? { givenAt: confirmedAt, notice: 'notice-000000000000' } : null,
      confirmationsSentAt: [createdAt],
    });
    await mkdir(kept.dataDir, { recursive: true });
    await writeFile(
      join(kept.dataDir, 'subscriptions.json'),
      JSON.stringify({
        subscriptions: [
          record('old-unconfirmed@example.org', at(8), null),
          record('new-unconfirmed@example.org', at(6), null),
          record('old-confirmed@example.org', at(400), at(399)),
        ],
      }),
    );
    await kept.start();
    const emails = async () => {
      const stored = JSON.parse(await readFile(join(kept.dataDir, 'subscriptions.json'), 'utf8'));
      return stored.subscriptions.map((s: { email: string }) => s.email).sort();
    };
    // The sweep at start: it runs as the server starts listening.
    await eventually(async () => (await emails()).length === 2, 10_000, 100);
    expect(await emails()).toEqual(['new-unconfirmed@example.org', 'old-confirmed@example.org']);
  });
});
