/**
 * Retention (issue 23): personal data is kept no longer than the school's settings say. Records
 * written with past dates before the server starts are removed at start when past their time, the
 * others kept; a record whose time comes while the server runs goes at the next sweep (every
 * 10 seconds); a sweep that removed something leaves one audit entry with counts only. The settings
 * (Administrators only) change what is due and the privacy page's text. The e-mails about a
 * removed record that were still waiting are never sent. Time comes by the server's clock, moved
 * ahead when the test is ready (tests/support/clock-jump.ts): minutes for the record due while it
 * runs, years for records made now.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextSweepAt } from '../../admin-api/privacy/retention.ts';
import { setupAndLogin, waitUntilLive } from '../support/api.ts';
import { clockJumpWhenWrittenEnv } from '../support/clock-jump.ts';
import { testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';
import {
  type AuditEntry,
  DAY_MS,
  daysAgo,
  eventually,
  findInFiles,
  ISO_INSTANT,
  monthsAgo,
  registration,
  storedMessage,
  storedRegistration,
  writeRecords,
} from './personal-data-helpers.ts';

// The office mailbox turns every mail away: the e-mails about each record wait in the queue.
const office = officeMailServer({ refuse: 1_000_000 });
const site = testServer({ start: false, env: office.env });

let token = '';
const tokens: Record<string, string> = {};
const asAdmin = (method: string, path: string, json?: unknown) => site.call(method, path, { token, json });

/** Written before the start, with the moment they were written from. */
let writtenAt = 0;
/** The one record that comes due while the server runs does 10 minutes after the writing… */
const SOON_DUE_AFTER_MS = 10 * 60_000;
/** …and the server's clock moves 20 minutes ahead when this file is written. */
const soonJump = () => join(site.dataDir, '..', 'clock-jump-minutes');
const DUE = {
  oldMessage: 'Meera Oldham',
  silentMessage: 'Nikhil Silent',
  oldRegistration: 'Padma Pending',
  silentRegistration: 'Umesh Unasked',
};
const KEPT = {
  recentMessage: 'Kiran Recent',
  newSilentMessage: 'Nora Newsilent',
  newRegistration: 'Pallavi Newpending',
  approved: 'Anand Approved',
};
const SOON = 'Sunil Soondue';

const emailOf = (name: string) => `${name.toLowerCase().replace(' ', '.')}@example.org`;
const messageNames = async () =>
  ((await asAdmin('GET', '/api/admin/messages')).body as { name: string }[]).map((one) => one.name).sort();
const alumniNames = async () =>
  ((await asAdmin('GET', '/api/admin/alumni')).body as { fullName: string }[]).map((one) => one.fullName).sort();
const sweeps = async () =>
  ((await asAdmin('GET', '/api/admin/audit?limit=1000')).body as AuditEntry[]).filter(
    (entry) => entry.action === 'retention.sweep',
  );
const retention = async (as = token) => site.call('GET', '/api/admin/retention', { token: as });

beforeAll(async () => {
  await mkdir(site.dataDir, { recursive: true });
  writtenAt = Date.now();
  const message = (name: string, receivedAt: string, consent?: null) =>
    storedMessage({ name, email: emailOf(name), message: `A question from ${name}`, receivedAt, consent });
  const registered = (name: string, registrationDate: string, more: { isApproved?: boolean; consent?: null } = {}) =>
    storedRegistration({ fullName: name, email: emailOf(name), mobile: '+91 90000 12345', registrationDate, ...more });
  await writeRecords(site.dataDir, {
    messages: [
      message(DUE.oldMessage, monthsAgo(13, writtenAt)),
      message(KEPT.recentMessage, monthsAgo(11, writtenAt)),
      message(DUE.silentMessage, daysAgo(31, writtenAt), null),
      message(KEPT.newSilentMessage, daysAgo(29, writtenAt), null),
    ],
    alumni: [
      registered(DUE.oldRegistration, daysAgo(91, writtenAt)),
      registered(KEPT.newRegistration, daysAgo(89, writtenAt)),
      registered(KEPT.approved, monthsAgo(60, writtenAt), { isApproved: true, consent: null }),
      registered(DUE.silentRegistration, daysAgo(31, writtenAt), { consent: null }),
      // Due while the server runs.
      registered(SOON, new Date(writtenAt + SOON_DUE_AFTER_MS - 90 * DAY_MS).toISOString()),
    ],
  });
  await site.start(clockJumpWhenWrittenEnv(soonJump(), 2 * SOON_DUE_AFTER_MS));
  token = await setupAndLogin(site.url);
  for (const role of ['editor', 'office', 'contributor']) {
    const created = await asAdmin('POST', '/api/admin/create', {
      username: role,
      password: `${role}-password-1`,
      role,
    });
    expect(created.status).toBe(201);
    tokens[role] = (
      await site.call('POST', '/api/admin/login', { json: { username: role, password: `${role}-password-1` } })
    ).body.token;
  }
});

describe('at start', () => {
  it('removes what is past its time and keeps the rest', async () => {
    await eventually(async () => (await messageNames()).length === 2 && (await alumniNames()).length === 3, 5_000);
    expect(await messageNames()).toEqual([KEPT.recentMessage, KEPT.newSilentMessage].sort());
    expect(await alumniNames()).toEqual([KEPT.newRegistration, KEPT.approved, SOON].sort());
    // Gone from the files too, the copies kept before the last change included.
    const { found, files } = await findInFiles([site.dataDir], Object.values(DUE).map(emailOf));
    expect(files).toBeGreaterThan(3);
    expect(found).toEqual([]);
  });

  it('records one audit entry with the counts only', async () => {
    expect(await sweeps()).toEqual([
      {
        at: expect.stringMatching(ISO_INSTANT),
        username: 'system',
        action: 'retention.sweep',
        target: '2 messages, 2 registrations, 0 e-mails not sent',
        address: 'system',
      },
    ]);
    const audit = await readFile(join(site.dataDir, 'audit.jsonl'), 'utf8');
    for (const name of Object.values(DUE)) {
      expect({ name, inAudit: audit.includes(name) || audit.includes(emailOf(name)) }).toEqual({
        name,
        inAudit: false,
      });
    }
  });

  it('shows the settings and that nothing more is due now', async () => {
    const answer = await retention();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      settings: { messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 },
      nextSweep: { at: expect.stringMatching(ISO_INSTANT), messages: 0, alumni: 0 },
    });
    // Sweeps run on the clock's tens of seconds: the next one is the next of them.
    const next = Date.parse(answer.body.nextSweep.at);
    expect(next % 10_000).toBe(0);
    expect(next - Date.now()).toBeGreaterThan(0);
    expect(next - Date.now()).toBeLessThanOrEqual(10_000);
    // The Office reads them too.
    expect((await retention(tokens.office)).status).toBe(200);
    expect((await retention(tokens.editor)).status).toBe(403);
    expect((await site.call('GET', '/api/admin/retention')).status).toBe(401);
  });
});

describe('the settings', () => {
  it('are changed by Administrators only', async () => {
    const shorter = { messageMonths: 1, pendingAlumniDays: 7, backupDays: 1 };
    for (const role of ['editor', 'office', 'contributor']) {
      const refused = await site.call('PUT', '/api/admin/retention', { token: tokens[role], json: shorter });
      expect({ role, status: refused.status, body: refused.body }).toEqual({
        role,
        status: 403,
        body: { message: 'Only Administrator accounts can change how long personal data is kept.' },
      });
    }
    expect((await site.call('PUT', '/api/admin/retention', { json: shorter })).status).toBe(401);
    // Nor through the whole content, nor through the history, which hold the settings too.
    const content = (await site.call('GET', '/api/admin/content', { token: tokens.editor })).body;
    const saved = await site.call('PUT', '/api/content', {
      token: tokens.editor,
      json: { ...content, retention: shorter, presidentMessage: 'Welcome back' },
    });
    expect(saved.status).toBe(200);
    expect((await retention()).body.settings).toEqual({ messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 });
    expect((await site.call('GET', '/api/content')).body.presidentMessage).toBe('Welcome back');
  });

  it('refuse a period out of bounds or left out, changing nothing', async () => {
    const refusals: [unknown, string][] = [
      [{ messageMonths: 0, pendingAlumniDays: 90, backupDays: 30 }, 'Contact messages are kept at least 1 month'],
      [
        { messageMonths: 12, pendingAlumniDays: 6, backupDays: 30 },
        'Registrations never approved are kept at least 7 days',
      ],
      [
        { messageMonths: 12.5, pendingAlumniDays: 90, backupDays: 30 },
        'The months to keep contact messages must be a whole number',
      ],
      [{ messageMonths: 12, pendingAlumniDays: 90, backupDays: 3651 }, 'Backups are kept at most 3,650 days'],
      [{ messageMonths: 12, pendingAlumniDays: 90 }, 'The days to keep backups must be a number'],
      [
        { messageMonths: '12', pendingAlumniDays: 90, backupDays: 30 },
        'The months to keep contact messages must be a number',
      ],
    ];
    for (const [json, message] of refusals) {
      const answer = await asAdmin('PUT', '/api/admin/retention', json);
      expect({ json, status: answer.status, body: answer.body }).toEqual({ json, status: 400, body: { message } });
    }
    expect((await retention()).body.settings).toEqual({ messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 });
  });

  it('say on the privacy page how long each kind is kept, and a change changes the page and what is due', async () => {
    await waitUntilLive(site.url, token);
    const before = (await site.call('GET', '/privacy')).body as string;
    expect(before).toContain('How long we keep your details');
    expect(before).toContain('Contact messages: 12 months after they arrive');
    expect(before).toContain('Alumni registrations the school has not approved: 90 days after they are sent');
    expect(before).toContain('Backups of the website, which hold copies of everything above: 30 days');

    // Ten months: the message of eleven months ago is now past its time.
    const changed = await asAdmin('PUT', '/api/admin/retention', {
      messageMonths: 10,
      pendingAlumniDays: 90,
      backupDays: 14,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      settings: { messageMonths: 10, pendingAlumniDays: 90, backupDays: 14 },
      nextSweep: { at: expect.stringMatching(ISO_INSTANT), messages: 1, alumni: 0 },
    });
    expect((await retention(tokens.office)).body).toEqual({ ...changed.body, nextSweep: expect.any(Object) });
    await waitUntilLive(site.url, token);
    const after = (await site.call('GET', '/privacy')).body as string;
    expect(after).toContain('Contact messages: 10 months after they arrive');
    expect(after).toContain('Backups of the website, which hold copies of everything above: 14 days');
    expect(after).not.toContain('12 months');
    const changes = ((await asAdmin('GET', '/api/admin/audit?limit=1000')).body as AuditEntry[]).filter(
      (entry) => entry.action === 'retention.update',
    );
    expect(changes.map((entry) => entry.username)).toEqual(['admin']);
  });

  it('stay as they are when the whole content is saved without them, or an Editor restores an older version', async () => {
    const now = { messageMonths: 10, pendingAlumniDays: 90, backupDays: 14 };
    // A client written to the spec knows nothing of them.
    const { retention: _left, ...content } = (await site.call('GET', '/api/content')).body;
    const saved = await asAdmin('PUT', '/api/content', { ...content, secretaryMessage: 'Dear parents' });
    expect(saved.status).toBe(200);
    expect((await retention()).body.settings).toEqual(now);
    // The history holds the content with the periods of its time: an Editor restores the words only.
    const versions = (await asAdmin('GET', '/api/admin/history')).body as { version: number }[];
    const older = versions.at(-1)!.version;
    expect((await asAdmin('GET', `/api/admin/history/${older}`)).body.retention).toEqual({
      messageMonths: 12,
      pendingAlumniDays: 90,
      backupDays: 30,
    });
    const restored = await site.call('POST', `/api/admin/history/${older}/restore`, { token: tokens.editor });
    expect(restored.status).toBe(200);
    expect((await retention()).body.settings).toEqual(now);
    expect((await site.call('GET', '/api/content')).body.secretaryMessage).not.toBe('Dear parents');
  });
});

describe('while the server runs', () => {
  it('removes at the next sweep what has come to its time, counted beforehand', async () => {
    // Its time comes 5 s or more before a sweep (they run on the clock's tens of seconds): it is
    // counted due until that sweep takes it.
    expect((await retention()).body.nextSweep.alumni).toBe(0);
    const sweepSoon = (at: number) => nextSweepAt(at) - at < 5_000;
    if (sweepSoon(Date.now())) await sleep(nextSweepAt(Date.now()) - Date.now() + 500);
    await writeFile(soonJump(), '');
    await eventually(async () => (await retention()).body.nextSweep.alumni === 1, 5_000, 100);
    await eventually(async () => !(await alumniNames()).includes(SOON), 30_000, 1_000);
    expect(await alumniNames()).toEqual([KEPT.newRegistration, KEPT.approved].sort());
    expect(await messageNames()).toEqual([KEPT.newSilentMessage]);
    expect((await retention()).body.nextSweep).toMatchObject({ messages: 0, alumni: 0 });

    // One entry per sweep that removed something; the counts add up to what went.
    const entries = await sweeps();
    expect(entries.at(-1)!.target).toBe('2 messages, 2 registrations, 0 e-mails not sent');
    const later = entries.slice(0, -1).map((entry) => entry.target);
    expect(later.length).toBeGreaterThanOrEqual(1);
    const counted = (what: RegExp) => later.reduce((sum, target) => sum + Number(what.exec(target)?.[1] ?? 0), 0);
    for (const target of later) expect(target).toMatch(/^\d+ messages?, \d+ registrations?, 0 e-mails not sent$/);
    expect(later.every((target) => !target.startsWith('0 messages, 0 registrations'))).toBe(true);
    expect({ messages: counted(/^(\d+) message/), registrations: counted(/, (\d+) registration/) }).toEqual({
      messages: 1,
      registrations: 1,
    });
    const audit = await readFile(join(site.dataDir, 'audit.jsonl'), 'utf8');
    expect(audit).not.toContain(SOON);
    expect(audit).not.toContain(emailOf(KEPT.recentMessage));
  }, 150_000);
});

describe('the e-mails about a record past its time', () => {
  it('are forgotten with it, never sent', async () => {
    // Years pass (the server's clock only) once the records below are made and counted.
    const yearsJump = join(site.dataDir, '..', 'clock-jump-years');
    await site.restart(clockJumpWhenWrittenEnv(yearsJump, 5 * 365 * DAY_MS));
    const fresh = registration('Farah Fresh', 'farah.fresh@example.org', '+91 91234 56789', { consent: true });
    expect((await site.call('POST', '/api/alumni', { json: fresh })).status).toBe(201);
    const message = {
      name: 'Farah Fresh',
      email: 'farah.fresh@example.org',
      subject: 'other',
      message: 'Please keep me posted.',
      consent: true,
    };
    expect((await site.call('POST', '/api/contact', { json: message })).status).toBe(201);
    const search = () => asAdmin('GET', '/api/admin/personal-data?email=farah.fresh%40example.org');
    const waiting = (await search()).body;
    expect(waiting.alumni).toHaveLength(1);
    expect(waiting.pendingMails.map((mail: { kind: string }) => mail.kind).sort()).toEqual([
      'alumni registration',
      'contact message',
    ]);
    // What a sweep years from now removes: every message, every registration never approved.
    const messagesLeft = (await messageNames()).length;
    const unapproved = ((await asAdmin('GET', '/api/admin/alumni')).body as { isApproved: boolean }[]).filter(
      (one) => !one.isApproved,
    ).length;
    const sweepsBefore = (await sweeps()).length;

    await writeFile(yearsJump, '');
    // Years later every token has expired: the administrator logs in again.
    await eventually(async () => (await retention()).status === 401, 5_000, 100);
    token = (await site.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'admin123' } })).body
      .token;
    await eventually(async () => (await search()).body.alumni.length === 0, 30_000, 1_000);
    expect((await search()).body).toEqual({ alumni: [], messages: [], subscriptions: [], pendingMails: [] });
    expect(await alumniNames()).toEqual([KEPT.approved]);
    const entries = await sweeps();
    expect(entries).toHaveLength(sweepsBefore + 1);
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    expect(entries[0]!.target).toBe(
      `${count(messagesLeft, 'message')}, ${count(unapproved, 'registration')}, 2 e-mails not sent`,
    );
    // The office never got them: the mailbox turned every attempt away, and none is tried again.
    expect(office.smtp.mails).toEqual([]);
  }, 150_000);
});
