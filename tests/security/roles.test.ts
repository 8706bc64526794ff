/**
 * The role matrix (issue 20): every administrator call of the API (found in the app itself, so a
 * new call cannot be forgotten), sent by an Administrator, an Editor, a Contributor, an Office
 * account and without a token, each with a request the call would accept. The expected status of
 * every cell is written out below from the table of roles, not computed from the code.
 * Then: a role change or a removal counts at once for tokens already issued, the last
 * Administrator stays one, new accounts are Editors unless told, and each role change is audited.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uploaded } from '../api/helpers.ts';
import { pdfFile, uploadedDocument } from '../api/test-documents.ts';
import { solidImage } from '../api/test-images.ts';
import { codeFor } from '../api/two-factor-codes.ts';
import { testServer } from '../support/harness.ts';
import { ALUMNUS, apiCalls, fileTally, PUBLIC_CALLS, storedFiles } from './support.ts';

const tally = fileTally('Role matrix');
const site = testServer({ admin: true });

const COLUMNS = ['administrator', 'editor', 'contributor', 'office', 'none'] as const;
type Column = (typeof COLUMNS)[number];
type Role = Exclude<Column, 'none'>;
type Row = Record<Column, number>;

// The rows of the table, as statuses. "Public content": Administrators and Editors; a
// Contributor writes drafts of news, events, circulars and photos (with their images and
// documents) and changes only its own; Office has none of it.
const CONTENT: Row = { administrator: 200, editor: 200, contributor: 403, office: 403, none: 401 };
const CONTENT_NEW: Row = { administrator: 201, editor: 201, contributor: 403, office: 403, none: 401 };
const DRAFTS: Row = { administrator: 200, editor: 200, contributor: 200, office: 403, none: 401 };
const DRAFTS_NEW: Row = { administrator: 201, editor: 201, contributor: 201, office: 403, none: 401 };
// "History: view and restore": Administrators and Editors.
const HISTORY: Row = { administrator: 200, editor: 200, contributor: 403, office: 403, none: 401 };
// "Personal data (inbox, alumni, their approval, CSV exports)": Administrators and Office.
const PERSONAL: Row = { administrator: 200, editor: 403, contributor: 403, office: 200, none: 401 };
// "How long personal data is kept" (issue 23): changed by Administrators only.
const RETENTION: Row = { administrator: 200, editor: 403, contributor: 403, office: 403, none: 401 };
// "Accounts, roles, audit log, backup and restore": Administrators only.
const ACCOUNTS: Row = { administrator: 200, editor: 403, contributor: 403, office: 403, none: 401 };
// Every account's own session, password, second factor, build status and presence.
const SIGNED_IN: Row = { administrator: 200, editor: 200, contributor: 200, office: 200, none: 401 };

/** The expected status of every administrator call for each role and without a token. */
const EXPECTED: Record<string, Row> = {
  // The site content as a whole, the school details, pages, leadership, logos.
  'PUT /api/content': CONTENT,
  'PATCH /api/content': CONTENT,
  'PUT /api/settings': CONTENT,
  'PUT /api/pages/:slug': CONTENT,
  'PUT /api/pages/:slug/status': CONTENT,
  // The accessibility checker's report: of all the content, which these roles can fix.
  'GET /api/admin/accessibility': CONTENT,
  // What is left to translate: for whoever writes content, as the content itself (issue 34).
  'GET /api/admin/translations': DRAFTS,
  // The media library: listed by whoever adds images and documents; alt texts and replacements change every item using them.
  'GET /api/admin/media': DRAFTS,
  'PUT /api/admin/media/images/:imageId': CONTENT,
  'PUT /api/admin/media/documents/:documentId': CONTENT,
  'PUT /api/person-image/:role': CONTENT,
  'DELETE /api/person-image/:role': CONTENT,
  'POST /api/logos': CONTENT_NEW,
  'DELETE /api/logos/:id': CONTENT,
  // Urgent notices go live at once: the roles that may publish.
  'POST /api/alerts': CONTENT_NEW,
  'PUT /api/alerts/:id': CONTENT,
  'DELETE /api/alerts/:id': CONTENT,
  // News, events, circulars and photos, with their images and documents.
  'GET /api/admin/content': DRAFTS,
  // Office reads the school's name and time zone (as visitors see them) this way.
  'GET /api/admin/content/parts': SIGNED_IN,
  'GET /api/admin/events': DRAFTS,
  'GET /api/admin/news': DRAFTS,
  'GET /api/admin/circulars': DRAFTS,
  'GET /api/admin/gallery': DRAFTS,
  'GET /api/admin/homegallery': DRAFTS,
  'GET /api/admin/review-counts': DRAFTS,
  'GET /api/admin/preview/:kind/:id': DRAFTS,
  'GET /api/admin/preview-link/:kind/:id': DRAFTS,
  'POST /api/upload': DRAFTS_NEW,
  'POST /api/documents': DRAFTS_NEW,
  'POST /api/events': DRAFTS_NEW,
  'PUT /api/events/:id': DRAFTS,
  'PUT /api/events/:id/status': DRAFTS,
  'DELETE /api/events/:id': DRAFTS,
  'DELETE /api/events/:id/image': DRAFTS,
  'POST /api/news': DRAFTS_NEW,
  'PUT /api/news/:id': DRAFTS,
  'PUT /api/news/:id/status': DRAFTS,
  'DELETE /api/news/:id': DRAFTS,
  'DELETE /api/news/:id/image': DRAFTS,
  'POST /api/circulars': DRAFTS_NEW,
  'PUT /api/circulars/:id': DRAFTS,
  'PUT /api/circulars/:id/status': DRAFTS,
  'DELETE /api/circulars/:id': DRAFTS,
  'POST /api/gallery': DRAFTS_NEW,
  'PUT /api/gallery/:id': DRAFTS,
  'PUT /api/gallery/:id/status': DRAFTS,
  'DELETE /api/gallery/:id': DRAFTS,
  'POST /api/homegallery': DRAFTS_NEW,
  'PUT /api/homegallery/:id': DRAFTS,
  'PUT /api/homegallery/:id/status': DRAFTS,
  'DELETE /api/homegallery/:id': DRAFTS,
  // History.
  'GET /api/admin/history': HISTORY,
  'GET /api/admin/history/:version': HISTORY,
  'POST /api/admin/history/:version/restore': HISTORY,
  // Personal data.
  'GET /api/admin/alumni': PERSONAL,
  'GET /api/admin/alumni/page': PERSONAL,
  'PUT /api/alumni/:id/approve': PERSONAL,
  'DELETE /api/alumni/:id': PERSONAL,
  'GET /api/admin/alumni.csv': PERSONAL,
  'GET /api/admin/messages': PERSONAL,
  'PUT /api/admin/messages/:id': PERSONAL,
  'DELETE /api/admin/messages/:id': PERSONAL,
  'GET /api/admin/messages.csv': PERSONAL,
  // A person's requests and the retention settings (issue 23): read by the Office too.
  'GET /api/admin/personal-data': PERSONAL,
  'GET /api/admin/personal-data/export': PERSONAL,
  'DELETE /api/admin/personal-data': PERSONAL,
  'GET /api/admin/retention': PERSONAL,
  'PUT /api/admin/retention': RETENTION,
  // The subscribers (issue 35): personal data.
  'GET /api/admin/subscribers': PERSONAL,
  // Accounts, roles, audit log, backup.
  'GET /api/admin/accounts': ACCOUNTS,
  'PUT /api/admin/accounts/:username': ACCOUNTS,
  'DELETE /api/admin/accounts/:username': ACCOUNTS,
  'GET /api/admin/audit': ACCOUNTS,
  'GET /api/admin/backup': ACCOUNTS,
  // Once an account exists, without a token it is the setup button pressed again: 403, not 401.
  'POST /api/admin/create': { administrator: 201, editor: 403, contributor: 403, office: 403, none: 403 },
  // Signed in, whatever the role.
  'GET /api/admin/session': SIGNED_IN,
  'GET /api/admin/build-status': SIGNED_IN,
  'GET /api/admin/presence': SIGNED_IN,
  'PUT /api/admin/password': SIGNED_IN,
  'POST /api/admin/2fa/setup': SIGNED_IN,
  'POST /api/admin/2fa/enable': SIGNED_IN,
  'POST /api/admin/2fa/disable': SIGNED_IN,
};

const ROLE_NAMES: Record<Role, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  contributor: 'Contributor',
  office: 'Office',
};
const ALL_ROLES = Object.keys(ROLE_NAMES) as Role[];
/** "Administrator, Editor or Contributor", as a refusal names the roles that may. */
function namesOf(roles: Role[]): string {
  const names = roles.map((role) => ROLE_NAMES[role]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

interface Request {
  path: string;
  json?: unknown;
  /** A multipart upload of these bytes in the field `file`, named `name`. */
  upload?: { bytes: Uint8Array; name: string };
  /** Runs on a successful answer (a new password's token, a second factor to turn off again). */
  after?: (body: unknown) => Promise<void>;
}

const tokens = {} as Record<Role, string>;
const passwords = {} as Record<Role, string>;
const USERNAMES: Record<Role, string> = { administrator: 'admin', editor: 'esha', contributor: 'ravi', office: 'omar' };
let image: { imageId: string; originalName: string };
let serial = 0;
const unique = (what: string) => `${what} ${++serial}`;
/** The e-mail address of the registration made first: the refused erasures ask for it. */
let firstRegistration = '';
/** The role changes made in this file, as the audit log should show them (`username: Role`). */
const roleChanges: string[] = [];

const asAdmin = (method: string, path: string, json?: unknown) =>
  site.call(method, path, { token: tokens.administrator, json });

/** Adds an item with `token` and answers its id (found by its unique title or caption). */
async function addItem(list: string, token: string, fields: Record<string, unknown>): Promise<string> {
  const answer = await site.call('POST', `/api/${list}`, { token, json: fields });
  if (answer.status !== 201) throw new Error(`POST /api/${list}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const label = fields.title ?? fields.caption;
  return (answer.body as { _id: string; title?: string; caption?: string }[]).find(
    (item) => (item.title ?? item.caption) === label,
  )!._id;
}

const itemFields: Record<string, () => Record<string, unknown>> = {
  events: () => ({ title: unique('Sports day'), description: 'Races', date: '2031-01-10', image }),
  news: () => ({ title: unique('Science fair'), description: 'Projects', image }),
  circulars: () => ({ title: unique('Holidays'), date: '2025-06-01' }),
  gallery: () => ({ ...image, caption: unique('Hall') }),
  homegallery: () => ({ ...image, caption: unique('Gate') }),
};

/**
 * An item of `list` the column may change: a Contributor's own draft for a Contributor (it may
 * change nothing else), a draft written by the administrator for everyone else.
 */
async function itemFor(column: Column, list: string): Promise<string> {
  if (column === 'contributor') return addItem(list, tokens.contributor, itemFields[list]!());
  return addItem(list, tokens.administrator, { ...itemFields[list]!(), status: 'draft' });
}

const alertFields = () => ({
  message: unique('Early closing'),
  level: 'info',
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
  showOn: 'home',
});

/** A notice of its own for each call, added by the Administrator: its id. */
async function newAlert(): Promise<string> {
  const answer = await asAdmin('POST', '/api/alerts', alertFields());
  if (answer.status !== 201) throw new Error(`POST /api/alerts: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { _id: string }[]).at(-1)!._id;
}

/** The status change each column would make: publishers publish, a Contributor submits its draft. */
const statusFor = (column: Column) => ({ status: column === 'contributor' ? 'review' : 'published' });

const tokenOf = (column: Column) => (column === 'none' ? null : tokens[column]);

async function newAccount(role: Role): Promise<string> {
  const username = unique('spare').replace(' ', '-');
  const answer = await asAdmin('POST', '/api/admin/create', { username, password: 'spare-password-1', role });
  if (answer.status !== 201) throw new Error(`create: ${JSON.stringify(answer.body)}`);
  return username;
}

async function newMessage(): Promise<string> {
  await site.call('POST', '/api/contact', {
    json: { name: 'Kiran Rao', email: 'kiran@example.org', subject: 'other', message: unique('Hello') },
  });
  return (await asAdmin('GET', '/api/admin/messages')).body[0]._id;
}

async function newRegistration(): Promise<string> {
  const email = `${unique('alumnus').replace(' ', '-')}@example.org`;
  const answer = await site.call('POST', '/api/alumni', { json: { ...ALUMNUS, email } });
  if (answer.status !== 201) throw new Error(`alumni: ${JSON.stringify(answer.body)}`);
  return (await asAdmin('GET', '/api/admin/alumni')).body.find((one: { email: string }) => one.email === email)._id;
}

async function latestVersion(): Promise<number> {
  return (await asAdmin('GET', '/api/admin/history')).body[0].version;
}

/** Turns on the second factor of `role` and answers its secret. */
async function twoFactorOn(role: Role): Promise<string> {
  const { secret } = (await site.call('POST', '/api/admin/2fa/setup', { token: tokens[role] })).body;
  const on = await site.call('POST', '/api/admin/2fa/enable', {
    token: tokens[role],
    json: { code: await codeFor(secret) },
  });
  if (on.status !== 200) throw new Error(`2fa enable: ${JSON.stringify(on.body)}`);
  return secret;
}

/**
 * The request of each call for a column, with the fixtures it needs made just before it: each
 * write changes something of its own (a fresh item to delete, the column's own draft), so that the
 * expected success is real and no cell depends on another.
 */
const REQUESTS: Record<string, (column: Column) => Promise<Request>> = {
  'PUT /api/content': async () => ({ path: '/api/content', json: (await site.call('GET', '/api/content')).body }),
  'PATCH /api/content': async (column) => ({
    path: '/api/content',
    json: { presidentMessage: `Written by ${column}` },
  }),
  'PUT /api/settings': async () => ({ path: '/api/settings', json: { phone: `+91 80 4000 ${1000 + serial++}` } }),
  'PUT /api/pages/:slug': async (column) => ({
    path: '/api/pages/privacy',
    json: { title: 'Privacy', body: `Changed by ${column}` },
  }),
  'PUT /api/pages/:slug/status': async () => ({ path: '/api/pages/privacy/status', json: { status: 'published' } }),
  'PUT /api/person-image/:role': async () => ({ path: '/api/person-image/president', json: image }),
  'DELETE /api/person-image/:role': async () => {
    await asAdmin('PUT', '/api/person-image/secretary', image);
    return { path: '/api/person-image/secretary' };
  },
  'POST /api/logos': async () => ({ path: '/api/logos', json: image }),
  'DELETE /api/logos/:id': async () => {
    const logos = (await asAdmin('POST', '/api/logos', image)).body as { _id: string }[];
    return { path: `/api/logos/${logos.at(-1)!._id}` };
  },
  'POST /api/alerts': async () => ({ path: '/api/alerts', json: alertFields() }),
  'PUT /api/alerts/:id': async () => ({ path: `/api/alerts/${await newAlert()}`, json: alertFields() }),
  'DELETE /api/alerts/:id': async () => ({ path: `/api/alerts/${await newAlert()}` }),

  'GET /api/admin/content': async () => ({ path: '/api/admin/content' }),
  'GET /api/admin/content/parts': async () => ({ path: '/api/admin/content/parts?parts=settings' }),
  'GET /api/admin/events': async () => ({ path: '/api/admin/events?q=a' }),
  'GET /api/admin/news': async () => ({ path: '/api/admin/news' }),
  'GET /api/admin/circulars': async () => ({ path: '/api/admin/circulars' }),
  'GET /api/admin/gallery': async () => ({ path: '/api/admin/gallery?page=2' }),
  'GET /api/admin/homegallery': async () => ({ path: '/api/admin/homegallery' }),
  'GET /api/admin/review-counts': async () => ({ path: '/api/admin/review-counts' }),
  'GET /api/admin/accessibility': async () => ({ path: '/api/admin/accessibility' }),
  'GET /api/admin/translations': async () => {
    await asAdmin('PUT', '/api/settings', { languages: ['en', 'hi'] });
    return { path: '/api/admin/translations?lang=hi' };
  },
  'GET /api/admin/media': async () => ({ path: '/api/admin/media?unused=true' }),
  'PUT /api/admin/media/images/:imageId': async () => ({
    path: `/api/admin/media/images/${image.imageId}`,
    json: { alt: 'The school gate' },
  }),
  'PUT /api/admin/media/documents/:documentId': async (column) => {
    const old = await uploadedDocument(site.url, tokens.administrator, pdfFile(`Old for ${column} ${serial++}`));
    return {
      path: `/api/admin/media/documents/${old.documentId}`,
      upload: { bytes: pdfFile(`New for ${column} ${serial++}`), name: 'new.pdf' },
    };
  },
  'GET /api/admin/preview/:kind/:id': async (column) => ({
    path: `/api/admin/preview/news/${await itemFor(column, 'news')}`,
  }),
  'GET /api/admin/preview-link/:kind/:id': async (column) => ({
    path: `/api/admin/preview-link/events/${await itemFor(column, 'events')}`,
  }),
  'POST /api/upload': async () => ({
    path: '/api/upload',
    upload: { bytes: await solidImage('png', 10 + (serial++ % 50), 10), name: 'photo.png' },
  }),
  'POST /api/documents': async (column) => ({
    path: '/api/documents',
    upload: { bytes: pdfFile(`Circular for ${column}`), name: 'circular.pdf' },
  }),
  ...Object.fromEntries(
    ['events', 'news', 'circulars', 'gallery', 'homegallery'].flatMap((list) => [
      [`POST /api/${list}`, async () => ({ path: `/api/${list}`, json: itemFields[list]!() })],
      [`DELETE /api/${list}/:id`, async (column: Column) => ({ path: `/api/${list}/${await itemFor(column, list)}` })],
      [
        `PUT /api/${list}/:id/status`,
        async (column: Column) => ({
          path: `/api/${list}/${await itemFor(column, list)}/status`,
          json: statusFor(column),
        }),
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['events', 'news', 'circulars', 'gallery', 'homegallery'].map((list) => [
      `PUT /api/${list}/:id`,
      async (column: Column) => ({ path: `/api/${list}/${await itemFor(column, list)}`, json: itemFields[list]!() }),
    ]),
  ),
  ...Object.fromEntries(
    ['events', 'news'].map((list) => [
      `DELETE /api/${list}/:id/image`,
      async (column: Column) => ({ path: `/api/${list}/${await itemFor(column, list)}/image` }),
    ]),
  ),

  'GET /api/admin/history': async () => ({ path: '/api/admin/history' }),
  'GET /api/admin/history/:version': async () => ({ path: `/api/admin/history/${await latestVersion()}` }),
  'POST /api/admin/history/:version/restore': async () => ({
    path: `/api/admin/history/${await latestVersion()}/restore`,
  }),

  'GET /api/admin/alumni': async () => ({ path: '/api/admin/alumni' }),
  'GET /api/admin/alumni/page': async () => ({ path: '/api/admin/alumni/page' }),
  'PUT /api/alumni/:id/approve': async () => ({
    path: `/api/alumni/${(await asAdmin('GET', '/api/admin/alumni')).body[0]._id}/approve`,
    json: { isApproved: true },
  }),
  // A registration of its own for each removal that should succeed (the public form is limited).
  'DELETE /api/alumni/:id': async (column) => ({
    path: `/api/alumni/${EXPECTED['DELETE /api/alumni/:id']![column] === 200 ? await newRegistration() : (await asAdmin('GET', '/api/admin/alumni')).body[0]._id}`,
  }),
  'GET /api/admin/alumni.csv': async () => ({ path: '/api/admin/alumni.csv' }),
  'GET /api/admin/messages': async () => ({ path: '/api/admin/messages' }),
  'PUT /api/admin/messages/:id': async () => ({
    path: `/api/admin/messages/${(await asAdmin('GET', '/api/admin/messages')).body[0]._id}`,
    json: { read: true },
  }),
  'DELETE /api/admin/messages/:id': async (column) => ({
    path: `/api/admin/messages/${EXPECTED['DELETE /api/admin/messages/:id']![column] === 200 ? await newMessage() : (await asAdmin('GET', '/api/admin/messages')).body[0]._id}`,
  }),
  'GET /api/admin/messages.csv': async () => ({ path: '/api/admin/messages.csv' }),
  'GET /api/admin/personal-data': async () => ({ path: `/api/admin/personal-data?email=${ALUMNUS.email}` }),
  'GET /api/admin/subscribers': async () => ({ path: `/api/admin/subscribers?email=${ALUMNUS.email}` }),
  'GET /api/admin/personal-data/export': async () => ({
    path: `/api/admin/personal-data/export?phone=${encodeURIComponent(ALUMNUS.mobile)}&format=csv`,
  }),
  // A person of its own for each erasure that should succeed; the others ask for the first one.
  'DELETE /api/admin/personal-data': async (column) => {
    if (EXPECTED['DELETE /api/admin/personal-data']![column] !== 200) {
      return { path: `/api/admin/personal-data?email=${firstRegistration}` };
    }
    const id = await newRegistration();
    const { email } = (await asAdmin('GET', '/api/admin/alumni')).body.find((one: { _id: string }) => one._id === id);
    return {
      path: `/api/admin/personal-data?email=${encodeURIComponent(email)}`,
      after: async (body) => {
        expect(body).toEqual({
          request: expect.stringMatching(/^E-\d{4}$/),
          erased: { alumni: 1, messages: 0, subscriptions: 0, pendingMails: 0 },
        });
      },
    };
  },
  'GET /api/admin/retention': async () => ({ path: '/api/admin/retention' }),
  // The whole settings, a period changed each time: nothing is due sooner (the records are new).
  'PUT /api/admin/retention': async () => ({
    path: '/api/admin/retention',
    json: { messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 + (serial++ % 60) },
  }),

  'GET /api/admin/accounts': async () => ({ path: '/api/admin/accounts' }),
  'PUT /api/admin/accounts/:username': async (column) => {
    const username = await newAccount('editor');
    return {
      path: `/api/admin/accounts/${username}`,
      json: { role: 'office' },
      after: async () => void roleChanges.push(`${username}: Office (by ${column})`),
    };
  },
  'DELETE /api/admin/accounts/:username': async () => ({ path: `/api/admin/accounts/${await newAccount('editor')}` }),
  'GET /api/admin/audit': async () => ({ path: '/api/admin/audit' }),
  'GET /api/admin/backup': async () => ({ path: '/api/admin/backup' }),
  'POST /api/admin/create': async () => ({
    path: '/api/admin/create',
    json: { username: unique('newcomer').replace(' ', '-'), password: 'newcomer-password-1' },
  }),

  'GET /api/admin/session': async () => ({ path: '/api/admin/session' }),
  'GET /api/admin/build-status': async () => ({ path: '/api/admin/build-status' }),
  'GET /api/admin/presence': async () => ({ path: '/api/admin/presence?editing=settings' }),
  'PUT /api/admin/password': async (column) => {
    if (column === 'none')
      return { path: '/api/admin/password', json: { currentPassword: 'x', newPassword: 'y-long-enough-1' } };
    const newPassword = `${passwords[column]}-next`;
    return {
      path: '/api/admin/password',
      json: { currentPassword: passwords[column], newPassword },
      // The new password ends the tokens issued before it: the answer carries the next one.
      after: async (body) => {
        tokens[column] = (body as { token: string }).token;
        passwords[column] = newPassword;
      },
    };
  },
  // Set up but not turned on: the next cell may set it up again.
  'POST /api/admin/2fa/setup': async () => ({ path: '/api/admin/2fa/setup' }),
  'POST /api/admin/2fa/enable': async (column) => {
    if (column === 'none') return { path: '/api/admin/2fa/enable', json: { code: '123456' } };
    const { secret } = (await site.call('POST', '/api/admin/2fa/setup', { token: tokens[column] })).body;
    return {
      path: '/api/admin/2fa/enable',
      json: { code: await codeFor(secret) },
      // Off again, so that the account signs in as before.
      after: async () => {
        const off = await site.call('POST', '/api/admin/2fa/disable', {
          token: tokens[column],
          json: { code: await codeFor(secret, 1) },
        });
        if (off.status !== 200) throw new Error(`2fa disable: ${JSON.stringify(off.body)}`);
      },
    };
  },
  'POST /api/admin/2fa/disable': async (column) => {
    if (column === 'none') return { path: '/api/admin/2fa/disable', json: { code: '123456' } };
    const secret = await twoFactorOn(column);
    return { path: '/api/admin/2fa/disable', json: { code: await codeFor(secret, 1) } };
  },
};

async function send(key: string, column: Column, request: Request) {
  const method = key.split(' ')[0]!;
  const headers: Record<string, string> = {};
  const token = tokenOf(column);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (request.upload) {
    body = new FormData();
    body.append('file', new Blob([new Uint8Array(request.upload.bytes)]), request.upload.name);
  } else if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(site.url + request.path, { method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  const answer: unknown = type.includes('application/json') ? await response.json() : await response.arrayBuffer();
  return { status: response.status, type, body: answer };
}

async function login(username: string, password: string): Promise<string> {
  const answer = await site.call('POST', '/api/admin/login', { json: { username, password } });
  if (answer.status !== 200) throw new Error(`login ${username}: ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

beforeAll(async () => {
  tokens.administrator = site.token;
  passwords.administrator = 'admin123';
  for (const role of ['editor', 'contributor', 'office'] as const) {
    passwords[role] = `${role}-password-1`;
    const created = await asAdmin('POST', '/api/admin/create', {
      username: USERNAMES[role],
      password: passwords[role],
      role,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: USERNAMES[role], role });
    tokens[role] = await login(USERNAMES[role], passwords[role]);
  }
  image = await uploaded(site.url, tokens.administrator, await solidImage('png', 12, 12));
  // Something in the inbox and the alumni list for the calls that read them.
  await newMessage();
  const first = await newRegistration();
  firstRegistration = (await asAdmin('GET', '/api/admin/alumni')).body.find(
    (one: { _id: string }) => one._id === first,
  ).email;
});

describe('the role matrix', () => {
  it('lists every administrator call of the app, and has a request for each', () => {
    // POST /api/admin/create is in the matrix.
    expect(apiCalls()).toEqual([...PUBLIC_CALLS, ...Object.keys(EXPECTED)].sort());
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('gives each role exactly what the table says, and refuses the rest with the roles that may', async () => {
    const cells: { key: string; column: Column; status: number }[] = [];
    const expected: typeof cells = [];
    const refusals: { key: string; column: Column; named: string }[] = [];
    const expectedRefusals: typeof refusals = [];
    for (const [key, row] of Object.entries(EXPECTED)) {
      for (const column of COLUMNS) {
        const request = await REQUESTS[key]!(column);
        const refusing = row[column] >= 400;
        const before = refusing ? await storedFiles(site.dataDir) : null;
        const answer = await send(key, column, request);
        cells.push({ key, column, status: answer.status });
        expected.push({ key, column, status: row[column] });
        tally.add(refusing ? 'cells refused' : 'cells allowed');
        if (answer.status < 300) await request.after?.(answer.body);
        if (refusing) {
          // A refused call changes nothing, and says why in JSON.
          expect({ key, column, stored: await storedFiles(site.dataDir) }).toEqual({ key, column, stored: before });
          expect({ key, column, type: answer.type }).toEqual({ key, column, type: 'application/json' });
        }
        if (row[column] === 403 && column !== 'none') {
          // The message names the roles that may: exactly those the row lets through.
          const message = String((answer.body as { message?: unknown }).message);
          refusals.push({ key, column, named: /^Only (.+) accounts can \S/.exec(message)?.[1] ?? message });
          expectedRefusals.push({ key, column, named: namesOf(ALL_ROLES.filter((role) => row[role] < 300)) });
        }
      }
    }
    expect(cells).toEqual(expected);
    expect(refusals).toEqual(expectedRefusals);
  });
});

describe('a change of role', () => {
  it('counts at once for a token already issued', async () => {
    const username = await newAccount('editor');
    const token = await login(username, 'spare-password-1');
    const phone = { phone: '+91 80 4000 7777' };
    expect((await site.call('PUT', '/api/settings', { token, json: phone })).status).toBe(200);
    expect((await site.call('GET', '/api/admin/alumni', { token })).status).toBe(403);

    const changed = await asAdmin('PUT', `/api/admin/accounts/${username}`, { role: 'office' });
    expect(changed.status).toBe(200);
    expect(changed.body.find((account: { username: string }) => account.username === username).role).toBe('office');
    roleChanges.push(`${username}: Office`);

    const refused = await site.call('PUT', '/api/settings', { token, json: { phone: '+91 80 4000 8888' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Only Administrator or Editor accounts can/);
    expect((await site.call('GET', '/api/settings')).body.phone).toBe(phone.phone);
    expect((await site.call('GET', '/api/admin/alumni', { token })).status).toBe(200);
    expect((await site.call('GET', '/api/admin/session', { token })).body.role).toBe('office');
  });

  it('is refused to anyone but an Administrator, changing nothing', async () => {
    const username = await newAccount('contributor');
    for (const role of ['editor', 'contributor', 'office'] as const) {
      const answer = await site.call('PUT', `/api/admin/accounts/${username}`, {
        token: tokens[role],
        json: { role: 'administrator' },
      });
      expect({ role, status: answer.status }).toEqual({ role, status: 403 });
      expect(answer.body.message).toMatch(/^Only Administrator accounts can/);
    }
    // Nor can an account make itself an Administrator.
    const self = await site.call('PUT', `/api/admin/accounts/${USERNAMES.editor}`, {
      token: tokens.editor,
      json: { role: 'administrator' },
    });
    expect(self.status).toBe(403);
    const accounts = (await asAdmin('GET', '/api/admin/accounts')).body as { username: string; role: string }[];
    expect(accounts.find((account) => account.username === username)?.role).toBe('contributor');
    expect(accounts.find((account) => account.username === USERNAMES.editor)?.role).toBe('editor');
  });

  it('refuses a role that does not exist and an account that does not', async () => {
    const username = await newAccount('editor');
    const unknownRole = await asAdmin('PUT', `/api/admin/accounts/${username}`, { role: 'superuser' });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.message).toMatch(/administrator, editor, contributor, office/);
    expect((await asAdmin('PUT', '/api/admin/accounts/nobody-here', { role: 'editor' })).status).toBe(404);
  });

  it('never leaves the site without an Administrator', async () => {
    const demoted = await asAdmin('PUT', '/api/admin/accounts/admin', { role: 'editor' });
    expect(demoted.status).toBe(409);
    expect(demoted.body.message).toMatch(/last Administrator/i);
    const removed = await asAdmin('DELETE', '/api/admin/accounts/admin');
    expect(removed.status).toBe(409);
    let accounts = (await asAdmin('GET', '/api/admin/accounts')).body as { username: string; role: string }[];
    expect(accounts.filter((account) => account.role === 'administrator').map((a) => a.username)).toEqual(['admin']);
    expect((await asAdmin('GET', '/api/admin/session')).body.role).toBe('administrator');

    // With a second Administrator, one of them may step down; then the other is the last one again.
    const deputy = await newAccount('administrator');
    const deputyToken = await login(deputy, 'spare-password-1');
    const stepDown = await site.call('PUT', '/api/admin/accounts/admin', {
      token: deputyToken,
      json: { role: 'editor' },
    });
    expect(stepDown.status).toBe(200);
    roleChanges.push('admin: Editor');
    expect(
      (await site.call('PUT', `/api/admin/accounts/${deputy}`, { token: deputyToken, json: { role: 'office' } }))
        .status,
    ).toBe(409);
    expect((await asAdmin('GET', '/api/admin/accounts')).status).toBe(403);
    const back = await site.call('PUT', '/api/admin/accounts/admin', {
      token: deputyToken,
      json: { role: 'administrator' },
    });
    expect(back.status).toBe(200);
    roleChanges.push('admin: Administrator');
    accounts = (await asAdmin('GET', '/api/admin/accounts')).body;
    expect(
      accounts
        .filter((account) => account.role === 'administrator')
        .map((a) => a.username)
        .sort(),
    ).toEqual(['admin', deputy].sort());
  });
});

describe('a removed account', () => {
  it('is refused at once with the token it holds', async () => {
    const username = await newAccount('editor');
    const token = await login(username, 'spare-password-1');
    expect((await site.call('GET', '/api/admin/content', { token })).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/accounts/${username}`)).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/admin/session'],
      ['GET', '/api/admin/content'],
      ['PUT', '/api/settings'],
    ] as const) {
      const answer = await site.call(method, path, {
        token,
        json: method === 'PUT' ? { phone: '+91 80 1' } : undefined,
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
    }
  });
});

describe('new accounts', () => {
  it('are Editors unless the Administrator names another role', async () => {
    const plain = await asAdmin('POST', '/api/admin/create', {
      username: 'teacher-one',
      password: 'teacher-password-1',
    });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ username: 'teacher-one', role: 'editor' });
    const office = await asAdmin('POST', '/api/admin/create', {
      username: 'office-two',
      password: 'office-password-2',
      role: 'office',
    });
    expect(office.body).toMatchObject({ username: 'office-two', role: 'office' });
    const accounts = (await asAdmin('GET', '/api/admin/accounts')).body as { username: string; role: string }[];
    expect(accounts.find((account) => account.username === 'teacher-one')?.role).toBe('editor');
    expect(accounts.find((account) => account.username === 'office-two')?.role).toBe('office');
    // Each account is listed with its role and nothing about its password.
    for (const account of accounts) {
      expect(Object.keys(account).sort()).toEqual(['createdAt', 'lastLoginAt', 'role', 'twoFactor', 'username']);
    }
    // The login answers the role too, for the dashboard to show what it may do.
    const login = await site.call('POST', '/api/admin/login', {
      json: { username: 'teacher-one', password: 'teacher-password-1' },
    });
    expect(login.body.role).toBe('editor');
    const badRole = await asAdmin('POST', '/api/admin/create', {
      username: 'teacher-two',
      password: 'teacher-password-2',
      role: 'owner',
    });
    expect(badRole.status).toBe(400);
  });

  it('cannot be made by an Editor, an Contributor or Office', async () => {
    for (const role of ['editor', 'contributor', 'office'] as const) {
      const answer = await site.call('POST', '/api/admin/create', {
        token: tokens[role],
        json: { username: `made-by-${role}`, password: 'made-password-1', role: 'administrator' },
      });
      expect({ role, status: answer.status }).toEqual({ role, status: 403 });
      expect(answer.body.message).toBe(
        'Only Administrator accounts can manage accounts and roles, read the audit log or make backups.',
      );
    }
    const accounts = (await asAdmin('GET', '/api/admin/accounts')).body as { username: string }[];
    expect(accounts.filter((account) => account.username.startsWith('made-by-'))).toEqual([]);
  });
});

describe('the audit log', () => {
  it('has every role change, with the account and its new role', async () => {
    const entries = (await asAdmin('GET', '/api/admin/audit?limit=1000')).body as {
      action: string;
      target: string;
      username: string;
    }[];
    const changes = entries.filter((entry) => entry.action === 'account.role.change').map((entry) => entry.target);
    const expected = roleChanges.map((change) => change.replace(/ \(by .*\)$/, ''));
    // The matrix changed one account, by the Administrator's cell only.
    expect(roleChanges.filter((change) => change.includes('(by '))).toEqual([
      expect.stringMatching(/\(by administrator\)$/),
    ]);
    expect(changes.sort()).toEqual(expected.sort());
  });
});
