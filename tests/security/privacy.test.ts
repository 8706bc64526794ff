/**
 * Privacy: what alumni and the senders of contact messages tell the school, and the
 * administrators' password hashes, reach no visitor.
 * Every file the build leaves behind is read, and every answer given without a token is kept and
 * searched, for each personal detail, each hash and the token secret.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploaded } from '../api/helpers.ts';
import { solidImage } from '../api/test-images.ts';
import { codeFor } from '../api/two-factor-codes.ts';
import { testServer } from '../support/harness.ts';
import { filesUnder, fileTally } from './support.ts';

const tally = fileTally('Privacy');
const site = testServer({ admin: true });

const ALUMNI = [
  {
    fullName: 'Zubin Vakharia',
    gender: 'male',
    mobile: '+91 97311 40562',
    email: 'zubin.vakharia@alumni-mail.example',
    address: '44 Jasmine Cross Road, Indiranagar',
    periodOfStudy: '1998-2010',
    qualification: 'MTech',
    occupation: 'Engineer',
    companyAddress: 'Tower B, Outer Ring Road',
    message: 'Call me on my private line any time.',
  },
  {
    fullName: 'Farida Lokhandwala',
    gender: 'female',
    mobile: '080-4127-9935',
    email: 'FARIDA.L@Mailbox.example',
    address: '9 Coconut Grove Lane',
    periodOfStudy: '2005-2017',
    qualification: 'LLB',
    occupation: 'Lawyer',
  },
];
const PERSONAL_FIELDS = ['email', 'mobile', 'address', 'companyAddress', 'message'] as const;

const MESSAGES = [
  {
    name: 'Roshni Dattatreya',
    email: 'roshni.d@parents-mail.example',
    phone: '+91 99012 77345',
    subject: 'complaint',
    message: 'My son Arjun in 4B is being bullied on bus route 7.',
  },
  {
    name: 'Tejas Kulkarni',
    email: 'TEJAS.K@Mailbox.example',
    subject: 'admission',
    message: 'We are moving from Pune in June; is there a seat in Class 9?',
  },
];

/** Everything that must stay private, each with what it is (for the failure message). */
const secrets = new Map<string, string>();

/** Every answer given to someone without a token, by what was asked. */
const answers = new Map<string, string>();

async function anonymous(
  method: string,
  path: string,
  init: { json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(site.url + path, {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const headerText = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  answers.set(
    `${method} ${path} ${JSON.stringify(init)}`,
    `${headerText}\n\n${bytes.toString('latin1')}\n${bytes.toString('utf8')}`,
  );
  return { status: response.status, text: bytes.toString('utf8') };
}

/** Where each secret shows up in `text`, ignoring case (an e-mail address is one in any case). */
function leaksIn(text: string): string[] {
  const lower = text.toLowerCase();
  return [...secrets].filter(([secret]) => lower.includes(secret.toLowerCase())).map(([, what]) => what);
}

beforeAll(async () => {
  await site.asAdmin('POST', '/api/admin/create', { json: { username: 'office', password: 'office-pass-42' } });
  for (const alumnus of ALUMNI) {
    expect((await site.call('POST', '/api/alumni', { json: alumnus })).status).toBe(201);
  }
  for (const message of MESSAGES) {
    expect((await site.call('POST', '/api/contact', { json: message })).status).toBe(201);
  }
  const registered = (await site.asAdmin('GET', '/api/admin/alumni')).body as { _id: string }[];
  await site.asAdmin('PUT', `/api/alumni/${registered[0]!._id}/approve`, { json: { isApproved: true } });

  for (const [i, alumnus] of ALUMNI.entries()) {
    for (const field of PERSONAL_FIELDS) {
      const value = (alumnus as Record<string, string | undefined>)[field];
      if (value) secrets.set(value, `alumnus ${i}'s ${field}`);
    }
    secrets.set(alumnus.mobile.replace(/\D/g, ''), `alumnus ${i}'s mobile, digits only`);
  }
  // The office turns two-factor login on: its secret must stay as private as a password hash.
  const office = (
    await site.call('POST', '/api/admin/login', { json: { username: 'office', password: 'office-pass-42' } })
  ).body.token;
  const { secret } = (await site.call('POST', '/api/admin/2fa/setup', { token: office })).body;
  await site.call('POST', '/api/admin/2fa/enable', { token: office, json: { code: await codeFor(secret) } });
  secrets.set(secret, "office's two-factor secret");

  for (const [i, message] of MESSAGES.entries()) {
    secrets.set(message.name, `message ${i}'s sender`);
    secrets.set(message.email, `message ${i}'s email`);
    secrets.set(message.message, `message ${i}'s text`);
    if (message.phone) secrets.set(message.phone.replace(/\D/g, ''), `message ${i}'s phone, digits only`);
  }
  const { admins } = JSON.parse(await readFile(join(site.dataDir, 'admins.json'), 'utf8'));
  for (const admin of admins as { username: string; passwordHash: string }[]) {
    secrets.set(admin.passwordHash, `${admin.username}'s password hash`);
  }
  secrets.set('$argon2', 'a password hash');
  secrets.set((await readFile(join(site.dataDir, 'jwt-secret'), 'utf8')).trim(), 'the token secret');

  // Content that shows on every kind of page, so the site is rebuilt with the alumni on record.
  const photo = await uploaded(site.url, site.token, await solidImage('jpeg', 400, 300));
  await site.asAdmin('POST', '/api/gallery', { json: { ...photo, caption: 'Reunion day' } });
  await site.asAdmin('POST', '/api/events', {
    json: { title: 'Alumni meet', description: 'Tea', date: '2031-08-15', image: photo },
  });
  await site.asAdmin('POST', '/api/news', { json: { title: 'Alumni news', description: 'Many came' } });
  await site.waitUntilLive();
});

describe('personal data and password hashes', () => {
  it('are on record, and the administrators can see the alumni (else this file would prove nothing)', async () => {
    const list = await site.asAdmin('GET', '/api/admin/alumni');
    for (const alumnus of ALUMNI) expect(JSON.stringify(list.body)).toContain(alumnus.email);
    expect(leaksIn(JSON.stringify(list.body))).toEqual(
      expect.arrayContaining(["alumnus 0's email", "alumnus 1's mobile"]),
    );
  });

  it('include the contact messages, which the administrators can see and export', async () => {
    const inbox = await site.asAdmin('GET', '/api/admin/messages');
    expect(leaksIn(JSON.stringify(inbox.body))).toEqual(
      expect.arrayContaining(["message 0's sender", "message 0's text", "message 1's email"]),
    );
    const exported = await fetch(`${site.url}/api/admin/messages.csv`, {
      headers: { Authorization: `Bearer ${site.token}` },
    });
    expect(leaksIn(await exported.text())).toEqual(expect.arrayContaining(["message 1's text"]));
  });

  it('appear in no file of the built site', async () => {
    const siteDir = join(site.dataDir, 'site');
    const files = await filesUnder(siteDir);
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
    for (const file of files) {
      const bytes = await readFile(join(siteDir, file));
      const leaks = leaksIn(`${bytes.toString('latin1')}\n${bytes.toString('utf8')}`);
      expect({ file, leaks }).toEqual({ file, leaks: [] });
    }
    tally.add('built files searched', files.length);
  });

  it('appear in no answer to a visitor: pages, files, public calls, refusals and errors', async () => {
    const publicDir = join(site.dataDir, 'site', 'current', 'public');
    for (const file of await filesUnder(publicDir)) {
      const path = `/${file.replace(/(^|\/)index\.html$/, '')}`;
      await anonymous('GET', path);
      await anonymous('GET', path, { headers: { 'Accept-Encoding': 'br' } });
      await anonymous('HEAD', path);
    }
    const { gallery } = (await site.call('GET', '/api/content')).body;
    for (const path of [
      '/api/content',
      '/api/events',
      '/api/news',
      '/api/settings',
      '/api/pages',
      '/privacy',
      '/api/nothing-here',
      '/admin/../../data/alumni.json',
    ]) {
      await anonymous('GET', path);
    }
    for (const width of ['', '?w=320', '?w=1280']) await anonymous('GET', `/api/image/${gallery[0].imageId}${width}`);
    await probeWithAlumniData();
    tally.add('answers searched', answers.size);
    for (const [asked, text] of answers) expect({ asked, leaks: leaksIn(text) }).toEqual({ asked, leaks: [] });
  });
});

/** Calls a visitor can make with an alumnus' own details, trying to get them (or others') back. */
async function probeWithAlumniData() {
  const [first, second] = ALUMNI;
  // Registering the same person again, or someone else, answers the same words.
  const again = await anonymous('POST', '/api/alumni', { json: first });
  expect(again.status).toBe(201);
  const stranger = await anonymous('POST', '/api/alumni', {
    json: { ...second, email: 'someone.new@example.org', mobile: '+91 90000 00001' },
  });
  expect(stranger.text).toBe(again.text);
  for (const change of [
    { email: 'not-an-email' },
    { gender: 'other' },
    { mobile: 'letters' },
    { fullName: first!.email },
  ]) {
    const refused = await anonymous('POST', '/api/alumni', { json: { ...second, ...change } });
    expect(refused.status).toBeLessThan(500);
  }
  for (const username of [first!.email, 'admin', 'office']) {
    await anonymous('POST', '/api/admin/login', { json: { username, password: first!.mobile } });
  }
  // The right password of an account with two-factor login on, without the code, and with wrong ones.
  for (const code of [undefined, '000000', first!.mobile]) {
    await anonymous('POST', '/api/admin/login', { json: { username: 'office', password: 'office-pass-42', code } });
  }
  await anonymous('POST', '/api/admin/create', { json: { username: first!.email, password: 'long-enough-1' } });
  // Sending a message answers the same words whoever sends what; the honeypot too.
  const sent = await anonymous('POST', '/api/contact', { json: MESSAGES[0] });
  const other = await anonymous('POST', '/api/contact', { json: { ...MESSAGES[1], website: 'x' } });
  expect(other.text).toBe(sent.text);
  await anonymous('POST', '/api/contact', { json: { ...MESSAGES[0], email: 'not-an-email' } });
  for (const path of [
    '/api/admin/alumni',
    '/api/admin/session',
    '/api/admin/build-status',
    '/api/admin/accounts',
    '/api/admin/audit',
    '/api/admin/messages',
    '/api/admin/messages.csv',
    '/api/admin/alumni.csv',
    '/api/circulars',
    // A person's requests (issue 23), asked with their own details: refused without repeating them.
    `/api/admin/personal-data?email=${encodeURIComponent(first!.email)}`,
    `/api/admin/personal-data?phone=${encodeURIComponent(second!.mobile)}`,
    `/api/admin/personal-data/export?email=${encodeURIComponent(MESSAGES[0]!.email)}&format=csv`,
    `/api/admin/personal-data/export?phone=${encodeURIComponent(MESSAGES[0]!.phone!)}&format=json`,
    '/api/admin/retention',
    '/api/admin/audit?kind=personal-data',
  ]) {
    await anonymous('GET', path);
    await anonymous('GET', path, { headers: { Authorization: 'Bearer not-a-token' } });
  }
  for (const query of [`email=${encodeURIComponent(first!.email)}`, `phone=${encodeURIComponent(first!.mobile)}`]) {
    const refused = await anonymous('DELETE', `/api/admin/personal-data?${query}`);
    expect(refused.status).toBe(401);
  }
  // Consent given with the form: the answer is the same words as without.
  const agreed = await anonymous('POST', '/api/contact', { json: { ...MESSAGES[1], consent: true } });
  expect(agreed.text).toBe(sent.text);
  const notAgreed = await anonymous('POST', '/api/alumni', { json: { ...first, consent: 'yes' } });
  expect(notAgreed.status).toBe(400);
  // Everything stayed: a refused erasure erased no one.
  const alumni = (await site.asAdmin('GET', '/api/admin/alumni')).body as { email: string }[];
  expect(alumni.map((alumnus) => alumnus.email)).toEqual(expect.arrayContaining([first!.email, second!.email]));
}
