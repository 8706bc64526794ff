/**
 * Every look at personal data is on record (issue 23): opening the inbox or the alumni list, a CSV
 * export, a search or an export of one person's data, a backup download; each in the audit log
 * with who, when and what, never the data itself, and the log filtered to them
 * (`GET /api/admin/audit?kind=personal-data`), where writes do not appear.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { type AuditEntry, auditEntries, ISO_INSTANT, registration } from './personal-data-helpers.ts';

const site = testServer({ admin: true });

const PEOPLE = {
  alumna: registration('Lakshmi Venkatesh', 'lakshmi.v@example.org', '+91 94480 12121', { consent: true }),
  parent: {
    name: 'Harish Gowda',
    email: 'harish.gowda@example.org',
    phone: '+91 99860 34343',
    subject: 'complaint',
    message: 'Our daughter Ananya was marked absent on a day she was present.',
  },
};
/** What the audit log must never hold: the people's details. */
const DETAILS = [
  PEOPLE.alumna.fullName,
  PEOPLE.alumna.email,
  '94480 12121',
  '9448012121',
  PEOPLE.alumna.address,
  PEOPLE.parent.name,
  PEOPLE.parent.email,
  '99860 34343',
  '9986034343',
  'Ananya',
];

let officeToken = '';
let editorToken = '';
let started = 0;

/** A look as the administrator (or `token`): answers the status, the body read to the end. */
async function look(path: string, token = site.token): Promise<number> {
  const answer = await fetch(site.url + path, { headers: { Authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  return answer.status;
}

const looks = async (query = '') => {
  const answer = await site.asAdmin('GET', `/api/admin/audit?kind=personal-data${query}`);
  expect(answer.status).toBe(200);
  return answer.body as AuditEntry[];
};

beforeAll(async () => {
  for (const role of ['office', 'editor']) {
    const created = await site.asAdmin('POST', '/api/admin/create', {
      json: { username: role, password: `${role}-password-1`, role },
    });
    expect(created.status).toBe(201);
  }
  const login = async (username: string) =>
    (await site.call('POST', '/api/admin/login', { json: { username, password: `${username}-password-1` } })).body
      .token as string;
  officeToken = await login('office');
  editorToken = await login('editor');
  expect((await site.call('POST', '/api/alumni', { json: PEOPLE.alumna })).status).toBe(201);
  expect((await site.call('POST', '/api/contact', { json: PEOPLE.parent })).status).toBe(201);
  started = Date.now();
});

describe('each look at personal data', () => {
  it('is on record with who, when and what, newest first', async () => {
    const byEmail = `email=${encodeURIComponent(PEOPLE.parent.email.toUpperCase())}`;
    const byPhone = `phone=${encodeURIComponent(PEOPLE.alumna.mobile)}`;
    const made: [path: string, token: string, action: string, target: string, username: string][] = [
      ['/api/admin/messages', site.token, 'inbox.read', '', 'admin'],
      ['/api/admin/alumni', site.token, 'alumni.read', '', 'admin'],
      ['/api/admin/messages.csv', site.token, 'messages.export', '', 'admin'],
      ['/api/admin/alumni.csv', site.token, 'alumni.export', '', 'admin'],
      [`/api/admin/personal-data?${byEmail}`, site.token, 'personal-data.search', 'by e-mail address', 'admin'],
      [`/api/admin/personal-data?${byPhone}`, site.token, 'personal-data.search', 'by phone number', 'admin'],
      [
        `/api/admin/personal-data/export?${byEmail}&format=json`,
        site.token,
        'personal-data.export',
        'by e-mail address, json',
        'admin',
      ],
      [
        `/api/admin/personal-data/export?${byPhone}&format=csv`,
        site.token,
        'personal-data.export',
        'by phone number, csv',
        'admin',
      ],
      ['/api/admin/backup', site.token, 'backup.download', '', 'admin'],
      // The Office reads personal data too: its looks are its own.
      ['/api/admin/messages', officeToken, 'inbox.read', '', 'office'],
      [`/api/admin/personal-data?${byEmail}`, officeToken, 'personal-data.search', 'by e-mail address', 'office'],
    ];
    for (const [path, token] of made) expect({ path, status: await look(path, token) }).toEqual({ path, status: 200 });

    const entries = await looks();
    expect(entries.map(({ username, action, target }) => ({ username, action, target }))).toEqual(
      made.map(([, , action, target, username]) => ({ username, action, target })).reverse(),
    );
    for (const entry of entries) {
      expect(entry.at).toMatch(ISO_INSTANT);
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1_000);
      expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(entry.address).toBeTruthy();
    }
    // The newest few, when asked.
    expect(await looks('&limit=2')).toEqual(entries.slice(0, 2));
  });

  it('read again at once by the same person is one entry', async () => {
    const before = (await looks()).length;
    expect(await look('/api/admin/alumni')).toBe(200);
    expect(await look('/api/admin/alumni')).toBe(200);
    expect(await look('/api/admin/alumni')).toBe(200);
    const entries = await looks();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ username: 'admin', action: 'alumni.read' });
  });

  it('refused is no look: nothing is recorded', async () => {
    const before = await looks();
    expect(await look('/api/admin/messages', editorToken)).toBe(403);
    expect(await look('/api/admin/backup', officeToken)).toBe(403);
    expect(await look('/api/admin/personal-data?phone=12')).toBe(400);
    expect(await look('/api/admin/alumni.csv', 'not-a-token')).toBe(401);
    expect(await looks()).toEqual(before);
  });
});

describe('the audit log', () => {
  it('never holds the data looked at: no name, address, phone number or message', async () => {
    const audit = await readFile(join(site.dataDir, 'audit.jsonl'), 'utf8');
    expect(audit).toContain('personal-data.search');
    const lower = audit.toLowerCase();
    expect(DETAILS.filter((detail) => lower.includes(detail.toLowerCase()))).toEqual([]);
  });

  it('filtered to the looks leaves out the writes, which the whole log has', async () => {
    const [message] = (await site.asAdmin('GET', '/api/admin/messages')).body as { _id: string }[];
    expect((await site.asAdmin('PUT', `/api/admin/messages/${message!._id}`, { json: { read: true } })).status).toBe(
      200,
    );
    const retention = { messageMonths: 12, pendingAlumniDays: 60, backupDays: 30 };
    expect((await site.asAdmin('PUT', '/api/admin/retention', { json: retention })).status).toBe(200);
    const erased = await site.asAdmin('DELETE', `/api/admin/personal-data?email=${PEOPLE.parent.email}`);
    expect(erased.status).toBe(200);
    const writes = ['message.update', 'retention.update', 'personal-data.erase'];
    const all = await auditEntries(site);
    expect(all.slice(0, 3).map((entry) => entry.action)).toEqual([...writes].reverse());
    const filtered = await looks();
    expect(filtered.filter((entry) => writes.includes(entry.action))).toEqual([]);
    // Every entry of the filter is a look, and every look of the whole log is in it.
    const LOOKS = [
      'inbox.read',
      'alumni.read',
      'messages.export',
      'alumni.export',
      'personal-data.search',
      'personal-data.export',
      'backup.download',
    ];
    expect(filtered.every((entry) => LOOKS.includes(entry.action))).toBe(true);
    expect(filtered).toEqual(all.filter((entry) => LOOKS.includes(entry.action)));
    expect(all.some((entry) => entry.action === 'login')).toBe(true);
  });

  it('refuses a filter it does not know, and is the Administrators’ to read', async () => {
    for (const kind of ['other', '', 'PERSONAL-DATA', 'personal-data,login']) {
      const answer = await site.asAdmin('GET', `/api/admin/audit?kind=${encodeURIComponent(kind)}`);
      expect({ kind, status: answer.status, body: answer.body }).toEqual({
        kind,
        status: 400,
        body: { message: 'kind must be personal-data' },
      });
    }
    const office = await site.call('GET', '/api/admin/audit?kind=personal-data', { token: officeToken });
    expect(office.status).toBe(403);
  });
});
