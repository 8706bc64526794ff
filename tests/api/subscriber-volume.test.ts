/**
 * Sent to everyone, once, across crashes (issue 35, item 5): an emergency notice reaches 2,000
 * confirmed subscribers within 2,000 / MAIL_RATE + 30 seconds; a `kill -9` while a notice is
 * being sent, and a restart, leave nobody without it, and only a send that was under way at the
 * crash may arrive twice. The mail server is a real one in this process.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_AT_ONCE } from '../../admin-api/subscriptions/outbox.ts';
import { setupAndLogin } from '../support/api.ts';
import { testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';

const SUBSCRIBERS = 2_000;
const MAIL_RATE = 200;
const mail = officeMailServer();
const site = testServer({ start: false, env: mail.env });
let token = '';

const addressOf = (n: number) => `family-${n}@example.org`;

/** The subscribers, confirmed, as a previous run of the server kept them. */
function subscriptions() {
  const confirmedAt = new Date(Date.now() - 86_400_000).toISOString();
  return Array.from({ length: SUBSCRIBERS }, (_, n) => ({
    _id: `subscription-${n}`,
    email: addressOf(n),
    topics: ['alerts'],
    frequency: 'instant',
    language: 'en',
    createdAt: confirmedAt,
    confirmedAt,
    consent: { givenAt: confirmedAt, notice: 'notice-000000000000' },
    confirmationsSentAt: [confirmedAt],
    bounces: 0,
    suspendedAt: null,
  }));
}

/** How many times each address received the mail whose subject matches. */
function receipts(subject: RegExp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const received of mail.smtp.mails) {
    if (!subject.test(received.subject ?? '') || !received.to || !('text' in received.to)) continue;
    counts.set(received.to.text, (counts.get(received.to.text) ?? 0) + 1);
  }
  return counts;
}

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Not ${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const emergency = (message: string) =>
  site.call('POST', '/api/alerts', {
    token,
    json: { message, level: 'emergency', endsAt: new Date(Date.now() + 3_600_000).toISOString() },
  });

beforeAll(async () => {
  await mkdir(site.dataDir, { recursive: true });
  await writeFile(join(site.dataDir, 'subscriptions.json'), JSON.stringify({ subscriptions: subscriptions() }));
  await site.start({ MAIL_RATE: String(MAIL_RATE) });
  token = await setupAndLogin(site.url);
});

describe(`an emergency notice to ${SUBSCRIBERS} subscribers`, () => {
  it(`reaches every one within ${SUBSCRIBERS} / MAIL_RATE + 30 seconds`, async () => {
    const started = Date.now();
    expect((await emergency('Storm: the school is closed today.')).status).toBe(201);
    const subject = /^Emergency: Storm: the school is closed today\./;
    await until(() => receipts(subject).size === SUBSCRIBERS, (SUBSCRIBERS / MAIL_RATE + 30) * 1000, 'all reached');
    const elapsed = (Date.now() - started) / 1000;
    console.log(`${SUBSCRIBERS} e-mails at MAIL_RATE=${MAIL_RATE}: ${elapsed.toFixed(1)} s`);
    expect([...receipts(subject).values()].every((count) => count === 1)).toBe(true);
  });

  it('reaches every one after a kill -9 during its sending and a restart, twice only what was under way', async () => {
    const subject = /^Emergency: Flooding: stay at home tomorrow\./;
    expect((await emergency('Flooding: stay at home tomorrow.')).status).toBe(201);
    await until(() => receipts(subject).size >= SUBSCRIBERS / 4, 30_000, 'a quarter reached');
    await site.server.kill();
    const beforeCrash = receipts(subject).size;
    expect(beforeCrash).toBeLessThan(SUBSCRIBERS);
    await site.start({ MAIL_RATE: String(MAIL_RATE) });
    await until(() => receipts(subject).size === SUBSCRIBERS, (SUBSCRIBERS / MAIL_RATE + 60) * 1000, 'all reached');
    const twice = [...receipts(subject).values()].filter((count) => count > 1).length;
    console.log(`killed after ${beforeCrash} of ${SUBSCRIBERS}; ${twice} received it twice`);
    expect(twice).toBeLessThanOrEqual(MAX_AT_ONCE);
    // The notice is not announced again after the restart: the outbox knew it.
    expect([...receipts(subject).values()].every((count) => count <= 2)).toBe(true);
  });
});
