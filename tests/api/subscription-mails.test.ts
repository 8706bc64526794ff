/**
 * What goes out to the subscribers, and when (issue 35, item 3), received by a real SMTP server in
 * this process: an emergency notice at once to those who follow notices; a news item, an event
 * and a circular as each becomes public, one e-mail each to those who want them at once (never a
 * draft, never again after an edit); the daily and the weekly digest at the school's digest time
 * (set a minute ahead, the server's clock then moved two minutes on), without an item deleted
 * before it; and nothing more to an address unsubscribed in one click, nor to one never confirmed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '../../admin-api/subscriptions/digest-schedule.ts';
import { dateInZone, timeInZone } from '../../site/contract/dates.ts';
import { setupAndLogin } from '../support/api.ts';
import { clockJumpWhenWrittenEnv } from '../support/clock-jump.ts';
import { testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';

const ZONE = 'Asia/Kolkata';
const mail = officeMailServer();
const site = testServer({ start: false, env: mail.env });
let token = '';
/** Written when the digests' time is set: the server's clock then moves two minutes on. */
const jumpFile = () => join(site.dataDir, '..', 'clock-jump');

/** Each family: what it follows, and how often. */
const FAMILIES = {
  alerts: { email: 'asha@example.org', topics: ['alerts'], frequency: 'instant' },
  alerts2: { email: 'chandra@example.org', topics: ['alerts'], frequency: 'instant' },
  bouncing: { email: 'moved-away@example.org', topics: ['alerts'], frequency: 'instant' },
  instant: { email: 'ben@example.org', topics: ['news', 'events', 'circulars'], frequency: 'instant' },
  daily: { email: 'dina@example.org', topics: ['news', 'events'], frequency: 'daily' },
  weekly: { email: 'wes@example.org', topics: ['news'], frequency: 'weekly' },
  unconfirmed: { email: 'una@example.org', topics: ['alerts', 'news', 'events', 'circulars'], frequency: 'instant' },
} as const;
type Family = keyof typeof FAMILIES;

const mailsTo = (family: Family) =>
  mail.smtp.mails.filter((m) => m.to && 'text' in m.to && m.to.text === FAMILIES[family].email);

async function mailTo(family: Family, subject: RegExp, timeoutMs = 10_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(family).find((m) => subject.test(m.subject ?? ''));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = mailsTo(family).map((m) => m.subject);
      throw new Error(`No e-mail ${subject} reached ${family} within ${timeoutMs} ms (it has: ${seen.join(' | ')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
// biome-ignore lint/suspicious/noExplicitAny: as site.call
const asAdmin = (method: string, path: string, json?: unknown) => site.call<any>(method, path, { token, json });
const post = (list: string, json: unknown) => asAdmin('POST', `/api/${list}`, json);
const idOf = async (list: 'news' | 'events' | 'circulars', title: string) =>
  ((await asAdmin('GET', '/api/admin/content')).body[list] as { _id: string; title: string }[]).find(
    (item) => item.title === title,
  )!._id;

let oneClick = '';

beforeAll(async () => {
  await site.start(clockJumpWhenWrittenEnv(jumpFile(), 2 * 60_000));
  token = await setupAndLogin(site.url);
});

describe('what goes out', () => {
  beforeAll(async () => {
    for (const [family, { email, topics, frequency }] of Object.entries(FAMILIES)) {
      expect((await site.call('POST', '/api/subscriptions', { json: { email, topics, frequency } })).status).toBe(202);
      const confirmation = await mailTo(family as Family, /confirm your subscription/);
      if (family === 'unconfirmed') continue;
      const token = new URL(confirmation.text!.match(/https?:\/\/\S+\/subscribe\/confirm\?\S+/)![0]).searchParams.get(
        'token',
      );
      expect((await site.call('POST', '/api/subscriptions/confirm', { json: { token } })).status).toBe(200);
      if (family === 'alerts')
        oneClick = confirmation.headerLines.find((line) => line.key === 'list-unsubscribe')!.line;
    }
  });

  it('an emergency notice reaches those who follow notices within seconds; an information notice does not', async () => {
    await post('alerts', { message: 'Information: the library opens late.', level: 'info', endsAt: inMinutes(60) });
    await post('alerts', {
      message: 'School is closed today because of flooding.',
      level: 'emergency',
      endsAt: inMinutes(60),
    });
    const alert = await mailTo('alerts', /^Emergency: School is closed today/);
    oneClick = alert.headerLines.find((line) => line.key === 'list-unsubscribe')!.line;
    expect(oneClick).toMatch(/[?&]m=alert-/);
    expect(alert.text).toContain('School is closed today because of flooding.');
    expect(alert.text).toMatch(/More on the school's website:\nhttp:\/\/localhost:\d+\//);
    await mailTo('alerts2', /^Emergency: School is closed today/);
    expect(mail.smtp.mails.some((m) => /library opens late/.test(m.subject ?? ''))).toBe(false);
  });

  it('sends each news item, event and circular once as it becomes public, and never a draft', async () => {
    await post('news', { title: 'Draft: sports day plans', description: 'Not yet.', status: 'draft' });
    await post('news', { title: 'Science fair winners', description: 'Class 8 won the **regional** fair.' });
    await post('events', {
      title: 'Parents’ meeting',
      description: 'Term review.',
      date: '2031-03-14',
      time: '10:00',
      location: 'Main hall',
    });
    await post('circulars', { title: 'Winter uniform', date: '2031-01-05', description: 'From Monday, blazers.' });
    const news = await mailTo('instant', /^Science fair winners$/);
    expect(news.text).toContain('News from Sunridge Valley School');
    expect(news.text).toContain('Class 8 won the regional fair.');
    expect(news.text).toMatch(/Read it on the website:\nhttp:\/\/localhost:\d+\/eventsnews\/news#news-/);
    const event = await mailTo('instant', /^Parents’ meeting$/);
    expect(event.text).toContain('When: 14 March 2031, 10:00 AM');
    expect(event.text).toContain('Where: Main hall');
    await mailTo('instant', /^Winter uniform$/);

    // Edited after it went out: not sent again. Approved later: sent then.
    const id = await idOf('news', 'Science fair winners');
    await asAdmin('PUT', `/api/news/${id}`, { title: 'Science fair winners', description: 'Updated.' });
    const draft = await idOf('news', 'Draft: sports day plans');
    await asAdmin('PUT', `/api/news/${draft}/status`, { status: 'published' });
    await mailTo('instant', /^Draft: sports day plans$/);
    expect(mailsTo('instant').filter((m) => m.subject === 'Science fair winners')).toHaveLength(1);
    expect(mailsTo('daily').filter((m) => !/confirm/.test(m.subject ?? ''))).toEqual([]);
    expect(mailsTo('unconfirmed').map((m) => m.subject)).toEqual([
      'Please confirm your subscription to Sunridge Valley School',
    ]);
  });

  it('unsubscribes in one click, after which nothing more arrives', async () => {
    const url = oneClick.replace(/^[^<]*<|>.*$/g, '').replace(/^http:\/\/localhost:\d+/, site.url);
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    await post('alerts', { message: 'Buses are running late.', level: 'important', endsAt: inMinutes(60) });
    await mailTo('alerts2', /^Important: Buses are running late/);
    expect(mailsTo('alerts').filter((m) => /Buses/.test(m.subject ?? ''))).toEqual([]);
  });

  it('sends the daily and the weekly digest at the digest time, with what became public since, still public', async () => {
    await post('news', { title: 'Deleted before the digest', description: 'Gone soon.' });
    await mailTo('instant', /^Deleted before the digest$/);
    await asAdmin('DELETE', `/api/news/${await idOf('news', 'Deleted before the digest')}`);
    // At its time, with no one signed in: published a minute from now.
    const soon = new Date(Date.now() + 60_000);
    await post('news', {
      title: 'Scheduled: exam timetable',
      description: 'Published by the clock.',
      publishAt: `${dateInZone(soon, ZONE)}T${timeInZone(soon, ZONE)}`,
    });
    const settings = await asAdmin('PUT', '/api/settings', {
      digestTime: timeInZone(soon, ZONE),
      digestDay: weekdayOf(dateInZone(soon, ZONE)),
    });
    expect(settings.status).toBe(200);
    await writeFile(jumpFile(), '');

    await mailTo('instant', /^Scheduled: exam timetable$/, 20_000);
    const daily = await mailTo('daily', /today's updates/, 20_000);
    expect(daily.subject).toBe("Sunridge Valley School: today's updates");
    for (const title of ['Science fair winners', 'Parents’ meeting', 'Draft: sports day plans']) {
      expect(daily.text).toContain(title);
    }
    expect(daily.text).not.toContain('Winter uniform'); // a circular: not among its topics
    expect(daily.text).not.toContain('Deleted before the digest');
    const weekly = await mailTo('weekly', /this week's updates/, 20_000);
    expect(weekly.text).toContain('Science fair winners');
    expect(weekly.text).not.toContain('Parents’ meeting'); // an event: it follows news only
    expect(weekly.headerLines.some((line) => line.key === 'list-unsubscribe-post')).toBe(true);
    expect(mailsTo('daily').filter((m) => /updates/.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('suspends an address whose mail server refused it for good three times, and sends it nothing more', async () => {
    mail.smtp.unknownAddresses.add(FAMILIES.bouncing.email);
    const bounces = async () => {
      const stored = JSON.parse(await readFile(join(site.dataDir, 'subscriptions.json'), 'utf8'));
      const record = stored.subscriptions.find((s: { email: string }) => s.email === FAMILIES.bouncing.email);
      return { bounces: record.bounces as number, suspended: record.suspendedAt !== null };
    };
    for (const [n, expected] of [
      [1, { bounces: 1, suspended: false }],
      [2, { bounces: 2, suspended: false }],
      [3, { bounces: 3, suspended: true }],
      [4, { bounces: 3, suspended: true }],
    ] as const) {
      await post('alerts', { message: `Bus route ${n} changes today.`, level: 'important', endsAt: inMinutes(60) });
      await mailTo('alerts2', new RegExp(`^Important: Bus route ${n} changes`));
      await expect.poll(bounces, { timeout: 10_000 }).toEqual(expected);
    }
  });

  it('shows the office the subscribers counted, and what became of each message, and reading it is recorded', async () => {
    const report = await asAdmin('GET', '/api/admin/subscribers');
    expect(report.status).toBe(200);
    expect(report.body.counts).toEqual({
      // Asha left; the moved-away address is suspended; Una never confirmed.
      confirmed: 5,
      unconfirmed: 1,
      suspended: 1,
      devices: 0,
      topics: { alerts: 1, news: 3, events: 2, circulars: 1 },
      frequencies: { instant: 2, daily: 1, weekly: 1 },
    });
    const about = (text: string) => report.body.messages.find((message: { about: string }) => message.about === text);
    expect(about('Emergency notice: School is closed today because of flooding.')).toMatchObject({
      sent: 3,
      failed: 0,
      bounced: 0,
      unsubscribedSince: 1,
    });
    expect(about('News: Science fair winners')).toMatchObject({ sent: 1, unsubscribedSince: 0 });
    expect(about('Daily digest')).toMatchObject({ sent: 1 });
    expect(about('Important notice: Bus route 3 changes today.')).toMatchObject({ sent: 1, bounced: 1 });
    expect(about('Important notice: Bus route 4 changes today.')).toMatchObject({ sent: 1, bounced: 0 });
    expect(report.body.found).toBeUndefined();

    const search = await asAdmin('GET', `/api/admin/subscribers?email=${encodeURIComponent('DINA@example.org')}`);
    expect(search.body.found).toEqual([expect.objectContaining({ email: 'dina@example.org', frequency: 'daily' })]);
    const audit = (await asAdmin('GET', '/api/admin/audit?kind=personal-data')).body as {
      action: string;
      target: string;
    }[];
    expect(audit.slice(0, 2).map((entry) => entry.action)).toEqual(['subscribers.search', 'subscribers.read']);
    expect(JSON.stringify(audit)).not.toContain('dina@example.org');
  });
});
