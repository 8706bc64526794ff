/**
 * The authentication matrix in one place: every administrator call of the API (found in the app
 * itself, so a new call cannot be forgotten) refuses every kind of bad credential, a token for a
 * deleted account among them; setup cannot be raced or repeated; login guessing is slowed down
 * however the guesses are sent.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokensFor, uploaded } from '../api/helpers.ts';
import { pdfFile, uploadedDocument } from '../api/test-documents.ts';
import { solidImage } from '../api/test-images.ts';
import { call } from '../support/api.ts';
import { testServer } from '../support/harness.ts';
import { ALUMNUS, apiCalls, fileTally, PUBLIC_CALLS, storedFiles } from './support.ts';

const SECRET = 'security-suite-secret-0123456789abcdef';
const tally = fileTally('Authentication attacks');
const site = testServer({ env: { JWT_SECRET: SECRET } });

/** Calls anyone may make, and the setup button's; every other call of the API is an administrator's. */
const OPEN_CALLS = [
  ...PUBLIC_CALLS,
  // Anyone while no administrator exists (the setup button), then administrators only: below.
  'POST /api/admin/create',
];

interface AdminCall {
  path: string;
  json?: unknown;
  upload?: Uint8Array;
}

/** Each administrator call with a path and body it would accept from a valid token. */
async function administratorCalls(base: string, token: string): Promise<Record<string, AdminCall>> {
  const image = await uploaded(base, token, await solidImage('png', 12, 12));
  const add = async (path: string, json: unknown) => {
    const answer = await call(base, 'POST', path, { token, json });
    return (answer.body as { _id: string }[]).at(-1)!._id;
  };
  const event = { title: 'Sports day', description: 'Races', date: '2031-01-10' };
  const [eventId, newsId, logoId, photoId, homePhotoId] = [
    await add('/api/events', event),
    await add('/api/news', event),
    await add('/api/logos', image),
    await add('/api/gallery', { ...image, caption: 'Hall' }),
    await add('/api/homegallery', { ...image, caption: 'Gate' }),
  ];
  await call(base, 'POST', '/api/alumni', { json: ALUMNUS });
  const { version } = (await call(base, 'GET', '/api/admin/history', { token })).body[0];
  const alumniId = (await call(base, 'GET', '/api/admin/alumni', { token })).body[0]._id;
  await call(base, 'POST', '/api/admin/create', { token, json: { username: 'removable', password: 'removable-1' } });
  const circular = { title: 'Holidays', date: '2025-06-01' };
  const circularId = await add('/api/circulars', circular);
  const { fullName: name, email } = ALUMNUS;
  await call(base, 'POST', '/api/contact', { json: { name, email, subject: 'other', message: 'Hello' } });
  const messageId = (await call(base, 'GET', '/api/admin/messages', { token })).body[0]._id;
  const alert = {
    message: 'Buses are late',
    level: 'important',
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const alertId = await add('/api/alerts', alert);
  return {
    'PUT /api/content': { path: '/api/content', json: (await call(base, 'GET', '/api/content')).body },
    'POST /api/upload': { path: '/api/upload', upload: await solidImage('png', 9, 9) },
    'POST /api/logos': { path: '/api/logos', json: image },
    'DELETE /api/logos/:id': { path: `/api/logos/${logoId}` },
    'PUT /api/person-image/:role': { path: '/api/person-image/president', json: image },
    'DELETE /api/person-image/:role': { path: '/api/person-image/president' },
    'POST /api/events': { path: '/api/events', json: event },
    'PUT /api/events/:id': { path: `/api/events/${eventId}`, json: event },
    'DELETE /api/events/:id': { path: `/api/events/${eventId}` },
    'DELETE /api/events/:id/image': { path: `/api/events/${eventId}/image` },
    'POST /api/news': { path: '/api/news', json: event },
    'PUT /api/news/:id': { path: `/api/news/${newsId}`, json: event },
    'DELETE /api/news/:id': { path: `/api/news/${newsId}` },
    'DELETE /api/news/:id/image': { path: `/api/news/${newsId}/image` },
    'POST /api/homegallery': { path: '/api/homegallery', json: { ...image, caption: 'Gate' } },
    'PUT /api/homegallery/:id': { path: `/api/homegallery/${homePhotoId}`, json: { ...image, caption: 'Gate' } },
    'DELETE /api/homegallery/:id': { path: `/api/homegallery/${homePhotoId}` },
    'POST /api/gallery': { path: '/api/gallery', json: { ...image, caption: 'Hall' } },
    'PUT /api/gallery/:id': { path: `/api/gallery/${photoId}`, json: { ...image, caption: 'Hall', alt: '' } },
    'DELETE /api/gallery/:id': { path: `/api/gallery/${photoId}` },
    'PUT /api/settings': { path: '/api/settings', json: { phone: '+91 80 4000 4321' } },
    'PUT /api/pages/:slug': { path: '/api/pages/privacy', json: { title: 'Privacy', body: 'Changed' } },
    'GET /api/admin/alumni': { path: '/api/admin/alumni' },
    'GET /api/admin/alumni/page': { path: '/api/admin/alumni/page' },
    'PUT /api/alumni/:id/approve': { path: `/api/alumni/${alumniId}/approve`, json: { isApproved: true } },
    'DELETE /api/alumni/:id': { path: `/api/alumni/${alumniId}` },
    'POST /api/documents': { path: '/api/documents', upload: pdfFile('Circular') },
    'POST /api/circulars': { path: '/api/circulars', json: circular },
    'PUT /api/circulars/:id': { path: `/api/circulars/${circularId}`, json: circular },
    'DELETE /api/circulars/:id': { path: `/api/circulars/${circularId}` },
    'GET /api/admin/messages': { path: '/api/admin/messages' },
    'PUT /api/admin/messages/:id': { path: `/api/admin/messages/${messageId}`, json: { read: true } },
    'DELETE /api/admin/messages/:id': { path: `/api/admin/messages/${messageId}` },
    'GET /api/admin/messages.csv': { path: '/api/admin/messages.csv' },
    'GET /api/admin/alumni.csv': { path: '/api/admin/alumni.csv' },
    'GET /api/admin/session': { path: '/api/admin/session' },
    'GET /api/admin/build-status': { path: '/api/admin/build-status' },
    'PUT /api/admin/password': {
      path: '/api/admin/password',
      json: { currentPassword: 'admin123', newPassword: 'a-much-better-one' },
    },
    'GET /api/admin/accounts': { path: '/api/admin/accounts' },
    'DELETE /api/admin/accounts/:username': { path: '/api/admin/accounts/removable' },
    'POST /api/admin/2fa/setup': { path: '/api/admin/2fa/setup' },
    'POST /api/admin/2fa/enable': { path: '/api/admin/2fa/enable', json: { code: '123456' } },
    'POST /api/admin/2fa/disable': { path: '/api/admin/2fa/disable', json: { code: '123456' } },
    'GET /api/admin/audit': { path: '/api/admin/audit' },
    'PATCH /api/content': { path: '/api/content', json: { presidentMessage: 'Changed' } },
    'GET /api/admin/history': { path: '/api/admin/history' },
    'GET /api/admin/history/:version': { path: `/api/admin/history/${version}` },
    'POST /api/admin/history/:version/restore': { path: `/api/admin/history/${version}/restore` },
    'GET /api/admin/backup': { path: '/api/admin/backup' },
    // Roles, drafts, review and scheduling, and who else is editing (issue 20).
    'GET /api/admin/content': { path: '/api/admin/content' },
    // The dashboard's reads of the long lists a page at a time (issue 21).
    'GET /api/admin/content/parts': { path: '/api/admin/content/parts?parts=settings' },
    'GET /api/admin/events': { path: '/api/admin/events' },
    'GET /api/admin/news': { path: '/api/admin/news?q=a' },
    'GET /api/admin/circulars': { path: '/api/admin/circulars' },
    'GET /api/admin/gallery': { path: '/api/admin/gallery?page=2' },
    'GET /api/admin/homegallery': { path: '/api/admin/homegallery' },
    'GET /api/admin/review-counts': { path: '/api/admin/review-counts' },
    // The accessibility checker's report (issue 22).
    'GET /api/admin/accessibility': { path: '/api/admin/accessibility' },
    // What is left to translate (issue 34).
    'GET /api/admin/translations': { path: '/api/admin/translations?lang=hi' },
    // The media library (issue 22).
    'GET /api/admin/media': { path: '/api/admin/media?kind=image' },
    'PUT /api/admin/media/images/:imageId': {
      path: `/api/admin/media/images/${image.imageId}`,
      json: { alt: 'A gate' },
    },
    'PUT /api/admin/media/documents/:documentId': {
      path: `/api/admin/media/documents/${(await uploadedDocument(base, token, pdfFile('To replace'))).documentId}`,
      upload: pdfFile('Replaced'),
    },
    'GET /api/admin/preview/:kind/:id': { path: `/api/admin/preview/events/${eventId}` },
    'GET /api/admin/preview-link/:kind/:id': { path: `/api/admin/preview-link/events/${eventId}` },
    'GET /api/admin/presence': { path: '/api/admin/presence?editing=settings' },
    'PUT /api/admin/accounts/:username': { path: '/api/admin/accounts/removable', json: { role: 'office' } },
    'PUT /api/events/:id/status': { path: `/api/events/${eventId}/status`, json: { status: 'draft' } },
    'PUT /api/news/:id/status': { path: `/api/news/${newsId}/status`, json: { status: 'review' } },
    'PUT /api/circulars/:id/status': {
      path: `/api/circulars/${circularId}/status`,
      json: { status: 'published', publishAt: '2031-01-10T08:00' },
    },
    'PUT /api/gallery/:id/status': { path: `/api/gallery/${photoId}/status`, json: { status: 'draft' } },
    'PUT /api/homegallery/:id/status': {
      path: `/api/homegallery/${homePhotoId}/status`,
      json: { status: 'published' },
    },
    'PUT /api/pages/:slug/status': { path: '/api/pages/privacy/status', json: { status: 'published' } },
    // Urgent notices (issue 21).
    'POST /api/alerts': { path: '/api/alerts', json: alert },
    'PUT /api/alerts/:id': { path: `/api/alerts/${alertId}`, json: alert },
    'DELETE /api/alerts/:id': { path: `/api/alerts/${alertId}` },
    // A person's requests and how long personal data is kept (issue 23).
    'GET /api/admin/personal-data': { path: `/api/admin/personal-data?email=${email}` },
    'GET /api/admin/personal-data/export': {
      path: `/api/admin/personal-data/export?phone=${encodeURIComponent(ALUMNUS.mobile)}&format=json`,
    },
    'DELETE /api/admin/personal-data': { path: `/api/admin/personal-data?email=${email}` },
    'GET /api/admin/retention': { path: '/api/admin/retention' },
    'GET /api/admin/subscribers': { path: `/api/admin/subscribers?email=${email}` },
    'PUT /api/admin/retention': {
      path: '/api/admin/retention',
      json: { messageMonths: 6, pendingAlumniDays: 60, backupDays: 14 },
    },
  };
}

/** Sends one administrator call with `headers` in place of a valid token. */
async function send(base: string, key: string, { path, json, upload }: AdminCall, headers: Record<string, string>) {
  const method = key.split(' ')[0]!;
  let body: BodyInit | undefined;
  if (upload) {
    body = new FormData();
    body.append('file', new Blob([new Uint8Array(upload)]), 'photo.png');
  } else if (json !== undefined) {
    body = JSON.stringify(json);
    headers = { ...headers, 'Content-Type': 'application/json' };
  }
  const response = await fetch(base + path, { method, headers, body });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

const login = (base: string, json: unknown, headers: Record<string, string> = {}) =>
  call(base, 'POST', '/api/admin/login', { json, headers });

const wrongPassword = (i: number) => ({ username: first.username, password: `guess-${i}` });

let calls: Record<string, AdminCall>;
/** The administrator whose setup won the race, and their token. */
let first: { username: string; password: string };
let token: string;
let deletedAccountToken: string;
let setupRace: number[];

beforeAll(async () => {
  // Eight setup buttons pressed at once on a fresh site (or an attacker racing the school).
  const contenders = Array.from({ length: 8 }, (_, i) =>
    i === 0
      ? { username: 'admin', password: 'admin123' }
      : { username: `intruder${i}`, password: `intruder-pass-${i}` },
  );
  setupRace = (await Promise.all(contenders.map((json) => site.call('POST', '/api/admin/create', { json })))).map(
    (answer) => answer.status,
  );
  first = contenders[setupRace.indexOf(201)]!;
  token = (await login(site.url, first)).body.token;
  calls = await administratorCalls(site.url, token);
});

describe('setup', () => {
  it('creates exactly one administrator when raced, and refuses every later attempt without a valid token', async () => {
    expect(setupRace.filter((status) => status === 201)).toHaveLength(1);
    expect(setupRace.filter((status) => status === 403)).toHaveLength(7);
    tally.add('setup attempts refused', 7);
    const { refused } = tokensFor(SECRET, token);
    const admins = await readFile(join(site.dataDir, 'admins.json'), 'utf8');
    for (const [kind, badToken] of Object.entries(refused)) {
      const answer = await site.call('POST', '/api/admin/create', {
        json: { username: 'second', password: 'second-pass-1' },
        headers: badToken ? { Authorization: `Bearer ${badToken}` } : {},
      });
      expect({ kind, status: answer.status, body: answer.body }).toEqual({
        kind,
        status: 403,
        body: { message: 'An administrator account already exists. Log in to create another one.' },
      });
      tally.add('setup attempts refused');
    }
    expect(await readFile(join(site.dataDir, 'admins.json'), 'utf8')).toBe(admins);
  });
});

describe('login guessing', () => {
  it('is throttled even when the guesses are sent all at once', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(site.url, wrongPassword(i))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    tally.add('parallel guesses refused', 25);
  });

  it('counts one account whatever the case or spacing of its name, from any claimed X-Forwarded-For', async () => {
    // Without TRUST_PROXY the header is the client's own word: it must not reset the count.
    const variants = ['deputy', 'Deputy', ' DEPUTY ', 'dEpUtY', 'deputy\t', 'DEPUTY'];
    const statuses: number[] = [];
    for (const [i, username] of variants.entries()) {
      const answer = await login(site.url, { username, password: 'nope' }, { 'X-Forwarded-For': `198.51.100.${i}` });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    tally.add('disguised guesses refused');
  });
});

describe('every administrator call', () => {
  beforeAll(async () => {
    // A second administrator logs in, then the account is removed while the server is down.
    await site.call('POST', '/api/admin/create', {
      token,
      json: { username: 'leaver', password: 'leaver-pass-1' },
    });
    deletedAccountToken = (await login(site.url, { username: 'leaver', password: 'leaver-pass-1' })).body.token;
    expect((await site.call('GET', '/api/admin/session', { token: deletedAccountToken })).status).toBe(200);
    await site.server.stop();
    const file = join(site.dataDir, 'admins.json');
    const stored = JSON.parse(await readFile(file, 'utf8')) as { admins: { username: string }[] };
    stored.admins = stored.admins.filter((account) => account.username !== 'leaver');
    await writeFile(file, JSON.stringify(stored, null, 2));
    await site.restart();
  });

  it('is in the matrix below, or is one of the public calls', () => {
    expect(apiCalls()).toEqual([...OPEN_CALLS, ...Object.keys(calls)].sort());
  });

  it('refuses every kind of bad credential with 401 JSON, changing nothing', async () => {
    const { refused } = tokensFor(SECRET, token);
    const adminId = (jwt.decode(token) as { sub: string }).sub;
    const credentials: Record<string, Record<string, string>> = {
      ...Object.fromEntries(
        Object.entries(refused).map(([kind, bad]) => [kind, bad ? { Authorization: `Bearer ${bad}` } : {}]),
      ),
      'a deleted account': { Authorization: `Bearer ${deletedAccountToken}` },
      'an account that never existed': {
        Authorization: `Bearer ${jwt.sign({}, SECRET, { algorithm: 'HS256', subject: crypto.randomUUID(), expiresIn: '1h' })}`,
      },
      'HS512 with the right secret': {
        Authorization: `Bearer ${jwt.sign({}, SECRET, { algorithm: 'HS512', subject: adminId, expiresIn: '1h' })}`,
      },
      'the right password as Basic credentials': {
        Authorization: `Basic ${btoa(`${first.username}:${first.password}`)}`,
      },
      'a token after "Bearer" and another word': { Authorization: `Bearer ${token} x` },
    };
    const before = await storedFiles(site.dataDir);
    for (const [kind, headers] of Object.entries(credentials)) {
      for (const [key, adminCall] of Object.entries(calls)) {
        const answer = await send(site.url, key, adminCall, headers);
        expect({ kind, key, status: answer.status, type: answer.type }).toEqual({
          kind,
          key,
          status: 401,
          type: 'application/json',
        });
        expect(answer.body).toEqual({ message: 'Please log in again: your session is missing or has expired.' });
        tally.add('administrator calls refused');
      }
    }
    expect(await storedFiles(site.dataDir)).toEqual(before);
  });

  it('accepts the valid token (so the refusals above are about the credential alone)', async () => {
    for (const key of ['GET /api/admin/session', 'GET /api/admin/alumni', 'POST /api/events']) {
      const answer = await send(site.url, key, calls[key]!, { Authorization: `Bearer ${token}` });
      expect({ key, status: answer.status }).toEqual({ key, status: key.startsWith('POST') ? 201 : 200 });
    }
    for (const key of [
      'GET /api/admin/accounts',
      'GET /api/admin/audit',
      'DELETE /api/admin/accounts/:username',
      'GET /api/admin/personal-data',
      'PUT /api/admin/retention',
    ]) {
      const answer = await send(site.url, key, calls[key]!, { Authorization: `Bearer ${token}` });
      expect({ key, status: answer.status }).toEqual({ key, status: 200 });
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  beforeAll(async () => {
    await site.restart({ TRUST_PROXY: '1' });
  });

  it('counts guesses by the address the proxy saw, not by what the client wrote before it', async () => {
    // nginx appends the address it saw to whatever X-Forwarded-For the client sent.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const forwarded = `198.51.100.${i}, 203.0.113.7`;
      statuses.push((await login(site.url, wrongPassword(i), { 'X-Forwarded-For': forwarded })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    tally.add('spoofed guesses refused');
    // Another visitor behind the same proxy may still log in.
    const other = await login(site.url, first, { 'X-Forwarded-For': '203.0.113.8' });
    expect(other.status).toBe(200);
  });
});
