/**
 * A person's requests (issue 23), as the school's office answers them: everything about one person
 * found by their e-mail address (in any capitals) or phone number (however written), in the alumni
 * registrations, the contact messages, the e-mail subscriptions and the e-mails not sent yet; all of it
 * downloaded as one JSON or CSV file; all of it erased at once, after which the address, the number
 * and the name are in no file of the data and uploads folders, in nothing the server printed, in
 * no version of the content history and in no static build. A backup taken before, restored, gives
 * nothing of it back: the server erases it again when it starts.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';
import { uploaded } from './helpers.ts';
import {
  auditEntries,
  csvOf,
  eventually,
  findInFiles,
  foundIn,
  ISO_INSTANT,
  NOTICE,
  registration,
} from './personal-data-helpers.ts';
import { solidImage } from './test-images.ts';

const run = promisify(execFile);
// The office's mail server turns every mail away, so that the e-mails about each record wait in
// the server's queue.
const office = officeMailServer({ refuse: 1_000_000 });
const site = testServer({ admin: true, env: office.env });

/** Priya: a registration, two messages (one with her number), written in other capitals each time. */
const PRIYA = {
  name: 'Priya Nair',
  email: 'Priya.Nair@Example.org',
  mobile: '+91 98450 67890',
  address: '12 Lotus Lane, Jayanagar',
  question: 'Is the library open to former students on Saturdays?',
  complaint: 'My niece waited an hour for the school bus on route 4.',
};
/** Her husband writes from his own address with her number. */
const VIKRAM = { name: 'Vikram Iyer', email: 'vikram.iyer@example.org', phone: '098450-67890' };
/** Someone else entirely, who must be left alone. */
const ARUN = { name: 'Arun Shetty', email: 'arun.shetty@example.org', mobile: '+91 99000 11122' };

/** Everything that must be gone once Priya's address and number are erased. */
const SECRETS = [
  PRIYA.name,
  PRIYA.email,
  '98450 67890',
  '9845067890',
  '98450-67890',
  PRIYA.address,
  PRIYA.question,
  PRIYA.complaint,
  VIKRAM.name,
  VIKRAM.email,
];

const tempDir = { path: '' };
/** A backup downloaded before the erasure, kept outside the data folder as a school would. */
let backupFile: string;
/** What every server of this file printed, the ones stopped included. */
const outputs: string[] = [];
const printed = () => [...outputs, site.server.output()].join('\n');

type Found = {
  alumni: { fullName: string; email: string; mobile: string; consent: unknown }[];
  messages: { name: string; email: string; phone: string; message: string; consent: unknown }[];
  subscriptions: { email: string; topics: string[]; frequency: string; confirmedAt: string | null }[];
  pendingMails: { kind: string; subject: string; queuedAt: string }[];
};
const search = (query: string) => site.asAdmin<Found>('GET', `/api/admin/personal-data?${query}`);

beforeAll(async () => {
  tempDir.path = await mkdtemp(join(tmpdir(), 'personal-data-test-'));
  // An upload, so that the uploads folder has files to search.
  const photo = await uploaded(site.url, site.token, await solidImage('png', 20, 20));
  await site.asAdmin('POST', '/api/news', { json: { title: 'Library hours', description: 'Open', image: photo } });

  const post = async (path: string, json: unknown) => {
    const answer = await site.call('POST', path, { json });
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  await post(
    '/api/alumni',
    registration(PRIYA.name, PRIYA.email, PRIYA.mobile, { address: PRIYA.address, consent: true }),
  );
  await post('/api/contact', {
    name: PRIYA.name,
    email: PRIYA.email.toLowerCase(),
    phone: PRIYA.mobile,
    subject: 'academic',
    message: PRIYA.question,
    consent: true,
  });
  await post('/api/contact', {
    name: PRIYA.name,
    email: PRIYA.email.toUpperCase(),
    subject: 'complaint',
    message: PRIYA.complaint,
  });
  await post('/api/contact', { ...VIKRAM, subject: 'suggestion', message: 'Which stop is nearest to us?' });
  // She subscribes to the news: her confirmation e-mail waits in the queue too.
  const subscribed = await site.call('POST', '/api/subscriptions', {
    json: { email: PRIYA.email, topics: ['news', 'alerts'], frequency: 'weekly' },
  });
  expect(subscribed.status).toBe(202);
  await post('/api/alumni', registration(ARUN.name, ARUN.email, ARUN.mobile, { consent: true }));
  await post('/api/contact', { name: ARUN.name, email: ARUN.email, subject: 'other', message: 'Hello from Arun' });
  // The office mailbox turned each e-mail away at least once: they wait in the queue.
  await eventually(async () => office.smtp.refused >= 7, 10_000, 50);
});

afterAll(async () => {
  if (tempDir.path) await rm(tempDir.path, { recursive: true, force: true });
});

describe('a search for one person', () => {
  it('by e-mail address, in any capitals, finds her registration, her messages and the e-mails about them', async () => {
    const found = await search(`email=${encodeURIComponent('PRIYA.nair@example.ORG')}`);
    expect(found.status).toBe(200);
    expect(found.body.alumni).toEqual([
      expect.objectContaining({
        fullName: PRIYA.name,
        email: PRIYA.email,
        mobile: PRIYA.mobile,
        consent: { givenAt: expect.stringMatching(ISO_INSTANT), notice: expect.stringMatching(NOTICE) },
      }),
    ]);
    // Newest first; the one sent without the box has no consent on record.
    expect(found.body.messages).toEqual([
      expect.objectContaining({ message: PRIYA.complaint, email: PRIYA.email.toUpperCase(), consent: null }),
      expect.objectContaining({ message: PRIYA.question, phone: PRIYA.mobile, consent: expect.any(Object) }),
    ]);
    expect(found.body.subscriptions).toEqual([
      expect.objectContaining({
        email: PRIYA.email,
        topics: ['alerts', 'news'],
        frequency: 'weekly',
        confirmedAt: null,
      }),
    ]);
    expect(found.body.pendingMails).toHaveLength(4);
    expect(found.body.pendingMails.map((mail) => [mail.kind, mail.subject]).sort()).toEqual(
      [
        ['subscription e-mail', 'Please confirm your subscription to Sunridge Valley School'],
        ['alumni registration', `Alumni registration: ${PRIYA.name}`],
        ['contact message', `Contact message from ${PRIYA.name}: Academic`],
        ['contact message', `Contact message from ${PRIYA.name}: Complaint`],
      ].sort(),
    );
    for (const mail of found.body.pendingMails) expect(mail.queuedAt).toMatch(ISO_INSTANT);
    // Nothing of Vikram (her number, his address) or of Arun.
    expect(foundIn(JSON.stringify(found.body), [VIKRAM.name, ARUN.name, ARUN.email])).toEqual([]);
  });

  it('by phone number, however written, finds what carries her number, whoever wrote it', async () => {
    const spellings = ['9845067890', '+91 98450 67890', '098450 67890', '+91-98450-67890', '(984) 506-7890'];
    const answers = await Promise.all(spellings.map((phone) => search(`phone=${encodeURIComponent(phone)}`)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const found = answers[0]!.body;
    expect(found.alumni.map((one) => one.fullName)).toEqual([PRIYA.name]);
    expect(found.subscriptions).toEqual([]); // a subscription has no number
    // Her message with the number, and Vikram's; not her complaint, sent without one.
    expect(found.messages.map((one) => one.name)).toEqual([VIKRAM.name, PRIYA.name]);
    expect(found.messages.map((one) => one.message)).not.toContain(PRIYA.complaint);
    expect(found.pendingMails.map((mail) => mail.subject).sort()).toEqual(
      [
        `Alumni registration: ${PRIYA.name}`,
        `Contact message from ${PRIYA.name}: Academic`,
        `Contact message from ${VIKRAM.name}: Suggestion`,
      ].sort(),
    );
  });

  it('finds nothing of someone unknown', async () => {
    const found = await search('email=nobody%40example.org');
    expect(found).toMatchObject({
      status: 200,
      body: { alumni: [], messages: [], subscriptions: [], pendingMails: [] },
    });
  });

  it('is refused without exactly one address or one number of at least 7 digits, erasing nothing', async () => {
    const ONE = 'Search by one e-mail address or one phone number';
    const SHORT = 'A phone number has at least 7 digits';
    const refusals: [query: string, message: string][] = [
      ['', ONE],
      ['email=', ONE],
      ['phone=%20%20', ONE],
      [`email=${encodeURIComponent(PRIYA.email)}&phone=9845067890`, ONE],
      ['name=Priya', ONE],
      ['phone=123456', SHORT],
      ['phone=98-45-06', SHORT],
      ['phone=call%20me', SHORT],
    ];
    for (const [query, message] of refusals) {
      for (const [method, path] of [
        ['GET', '/api/admin/personal-data'],
        ['GET', '/api/admin/personal-data/export'],
        ['DELETE', '/api/admin/personal-data'],
      ] as const) {
        const answer = await site.asAdmin(method, `${path}?${query}`);
        expect({ method, path, query, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          query,
          status: 400,
          body: { message },
        });
      }
    }
    expect((await search('email=priya.nair%40example.org')).body.messages).toHaveLength(2);
    expect(JSON.parse(await readFile(join(site.dataDir, 'erasures.json'), 'utf8')).requests).toEqual([]);
  });
});

describe('an export of one person', () => {
  it('is one JSON file with everything the search finds', async () => {
    const query = `email=${encodeURIComponent(PRIYA.email)}`;
    const answer = await fetch(`${site.url}/api/admin/personal-data/export?${query}&format=json`, {
      headers: { Authorization: `Bearer ${site.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const file = await answer.json();
    expect(file).toEqual({ exportedAt: expect.stringMatching(ISO_INSTANT), ...(await search(query)).body });
    expect(Math.abs(Date.now() - Date.parse(file.exportedAt))).toBeLessThan(60_000);
    // The same without a format: JSON is the default.
    const plain = await site.asAdmin('GET', `/api/admin/personal-data/export?${query}`);
    expect(plain.body.alumni).toEqual(file.alumni);
  });

  it('is one CSV file, one row per record, with the columns of both kinds', async () => {
    const { answer, rows } = await csvOf(site, `/api/admin/personal-data/export?phone=9845067890&format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [heading, ...records] = rows;
    expect(heading![0]).toBe('Record');
    expect(heading).toEqual(
      expect.arrayContaining([
        'Registration: Full name',
        'Registration: Mobile',
        'Registration: Email',
        'Registration: Consent given',
        'Registration: Privacy notice agreed to',
        'Message: Name',
        'Message: Phone',
        'Message: Message',
        'Message: Consent given',
      ]),
    );
    const cell = (row: string[], column: string) => row[heading!.indexOf(column)];
    expect(records.map((row) => row[0])).toEqual(['alumni registration', 'contact message', 'contact message']);
    const [registered, ...messages] = records;
    expect(cell(registered!, 'Registration: Full name')).toBe(PRIYA.name);
    expect(cell(registered!, 'Registration: Address')).toBe(PRIYA.address);
    expect(cell(registered!, 'Registration: Consent given')).toMatch(ISO_INSTANT);
    expect(cell(registered!, 'Registration: Privacy notice agreed to')).toMatch(NOTICE);
    expect(cell(registered!, 'Message: Name')).toBe('');
    expect(messages.map((row) => cell(row, 'Message: Name'))).toEqual([VIKRAM.name, PRIYA.name]);
    expect(cell(messages[0]!, 'Message: Consent given')).toBe('not recorded');
    expect(cell(messages[1]!, 'Message: Message')).toBe(PRIYA.question);
    expect(cell(messages[1]!, 'Registration: Full name')).toBe('');
  });
});

describe('an erasure of one person', () => {
  let erasedAt: number;

  it('is made of everything found by her address, then by her number, answering a request number and counts', async () => {
    // A backup first, as a school takes them (kept outside the data folder).
    const backup = await fetch(`${site.url}/api/admin/backup`, { headers: { Authorization: `Bearer ${site.token}` } });
    expect(backup.status).toBe(200);
    backupFile = join(tempDir.path, 'before-erasure.tar.gz');
    await writeFile(backupFile, Buffer.from(await backup.arrayBuffer()));
    // Before: the data folder holds her details (else the search below would prove nothing).
    const before = await findInFiles([site.dataDir], [PRIYA.email, PRIYA.address, PRIYA.complaint]);
    expect(before.found.length).toBeGreaterThanOrEqual(3);

    erasedAt = Date.now();
    const byEmail = await site.asAdmin(
      'DELETE',
      `/api/admin/personal-data?email=${encodeURIComponent(' priya.NAIR@example.org ')}`,
    );
    expect(byEmail).toMatchObject({
      status: 200,
      body: { request: 'E-0001', erased: { alumni: 1, messages: 2, subscriptions: 1, pendingMails: 4 } },
    });
    const byPhone = await site.asAdmin(
      'DELETE',
      `/api/admin/personal-data?phone=${encodeURIComponent('+91 98450 67890')}`,
    );
    // Her registration and message went with her address: what is left with her number is Vikram's.
    expect(byPhone).toMatchObject({
      status: 200,
      body: { request: 'E-0002', erased: { alumni: 0, messages: 1, subscriptions: 0, pendingMails: 1 } },
    });
    for (const query of [`email=${encodeURIComponent(PRIYA.email)}`, 'phone=9845067890']) {
      expect((await search(query)).body).toEqual({ alumni: [], messages: [], subscriptions: [], pendingMails: [] });
    }
    // Arun is untouched, his e-mails still waiting.
    const arun = await search(`email=${encodeURIComponent(ARUN.email)}`);
    expect(arun.body.alumni).toHaveLength(1);
    expect(arun.body.messages).toHaveLength(1);
    expect(arun.body.pendingMails).toHaveLength(2);
  });

  it('is in the audit log by its number and counts, never by whom', async () => {
    const entries = await auditEntries(site);
    const erasures = entries.filter((entry) => entry.action === 'personal-data.erase');
    expect(erasures.map(({ username, target }) => ({ username, target }))).toEqual([
      { username: 'admin', target: 'E-0002: 0 registrations, 1 message, 0 subscriptions, 1 e-mail not sent' },
      { username: 'admin', target: 'E-0001: 1 registration, 2 messages, 1 subscription, 4 e-mails not sent' },
    ]);
    for (const entry of erasures) expect(Math.abs(Date.parse(entry.at) - erasedAt)).toBeLessThan(60_000);
  });

  it('leaves the erasure list with salted hashes only', async () => {
    const text = await readFile(join(site.dataDir, 'erasures.json'), 'utf8');
    const list = JSON.parse(text);
    expect(list).toEqual({
      salt: expect.any(String),
      requests: [
        { number: 'E-0001', at: expect.stringMatching(ISO_INSTANT), hashes: [expect.stringMatching(/^[0-9a-f]{64}$/)] },
        { number: 'E-0002', at: expect.stringMatching(ISO_INSTANT), hashes: [expect.stringMatching(/^[0-9a-f]{64}$/)] },
      ],
    });
    expect(foundIn(text, SECRETS)).toEqual([]);
    // Salted: not the plain hash of the address or the number, which anyone could recompute.
    const { createHash } = await import('node:crypto');
    for (const key of ['email:priya.nair@example.org', 'phone:9845067890', 'priya.nair@example.org', '9845067890']) {
      expect(text).not.toContain(createHash('sha256').update(key).digest('hex'));
    }
  });

  it('never sends the e-mails about her that were waiting, while the others go out', async () => {
    office.smtp.refuse = 0;
    // Arun's e-mails were waiting with hers: once his arrive, hers had their turn too.
    // (The server tries again 2, 15 and 60 seconds after a failure.)
    await expect.poll(() => office.smtp.mails.length, { timeout: 90_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const subjects = office.smtp.mails.map((mail) => mail.subject ?? '');
    expect(subjects.sort()).toEqual(['Alumni registration: Arun Shetty', 'Contact message from Arun Shetty: Other']);
    office.smtp.refuse = 1_000_000;
  }, 120_000);

  it('leaves her address, number and name in no file of the data or uploads folders, nor in what the server printed', async () => {
    const { found, files } = await findInFiles([site.dataDir, site.uploadsDir], SECRETS);
    expect(found).toEqual([]);
    // The search read the data files, the history, the audit log, the built site and the uploads.
    expect(files).toBeGreaterThan(20);
    expect(foundIn(printed(), SECRETS)).toEqual([]);
  });

  it('leaves her in no version of the content history', async () => {
    const versions = (await site.asAdmin('GET', '/api/admin/history')).body as { version: number }[];
    expect(versions.length).toBeGreaterThan(0);
    for (const { version } of versions) {
      const answer = await site.asAdmin('GET', `/api/admin/history/${version}`);
      expect(answer.status).toBe(200);
      expect({ version, found: foundIn(JSON.stringify(answer.body), SECRETS) }).toEqual({ version, found: [] });
    }
  });

  it('leaves her in no file of a static build', async () => {
    const out = join(tempDir.path, 'static');
    await run(process.execPath, ['admin-api/build/cli.ts', '--out', out], {
      env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir },
    });
    const { found, files } = await findInFiles([out], SECRETS);
    expect(files).toBeGreaterThan(10);
    expect(found).toEqual([]);
  }, 300_000);
});

describe('a backup taken before the erasure, restored', () => {
  let restoreOutput: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    outputs.push(site.server.output());
    await site.server.stop();
    restoreOutput = await run('npm', ['run', '--silent', 'restore', '--', backupFile, '--force'], {
      env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      ({ code, stdout, stderr }: { code: number; stdout: string; stderr: string }) => ({ code, stdout, stderr }),
    );
    await site.start();
  }, 120_000);

  it('warns that the erasures made since are made again', () => {
    expect(restoreOutput.code).toBe(0);
    expect(restoreOutput.stderr).toContain(
      "This backup is older than 2 erasures of a person's data made since: the server makes them again when it starts (DATA_DIR/erasures.json was kept).",
    );
  });

  it('gives back the others, and nothing of her: the server erased her again when it started', async () => {
    for (const query of [`email=${encodeURIComponent(PRIYA.email)}`, 'phone=9845067890']) {
      expect((await search(query)).body).toEqual({ alumni: [], messages: [], subscriptions: [], pendingMails: [] });
    }
    const messages = (await site.asAdmin('GET', '/api/admin/messages')).body as { name: string }[];
    expect(messages.map((one) => one.name)).toEqual([ARUN.name]);
    const alumni = (await site.asAdmin('GET', '/api/admin/alumni')).body as { fullName: string }[];
    expect(alumni.map((one) => one.fullName)).toEqual([ARUN.name]);
    const again = (await auditEntries(site)).filter((entry) => entry.action === 'personal-data.erase-again');
    expect(again).toEqual([
      expect.objectContaining({
        username: 'system',
        // Her subscription too: the backup held subscriptions.json.
        target: '1 registration, 3 messages, 1 subscription of people erased before',
      }),
    ]);
    expect(foundIn(JSON.stringify(again), SECRETS)).toEqual([]);
  });

  it('leaves her in no file of the data folder, nor in what the server printed', async () => {
    await site.waitUntilLive();
    const { found } = await findInFiles([site.dataDir, site.uploadsDir], SECRETS);
    expect(found).toEqual([]);
    expect(foundIn(printed(), SECRETS)).toEqual([]);
  });
});

describe('someone erased who writes again', () => {
  it('is kept: a later erasure of someone else, and a restart, leave the new message', async () => {
    const answer = await site.call('POST', '/api/contact', {
      json: {
        name: PRIYA.name,
        email: PRIYA.email,
        subject: 'admission',
        message: 'We are back in Bengaluru: is there a seat in Class 2 for our son?',
        consent: true,
      },
    });
    expect(answer.status).toBe(201);
    const query = `email=${encodeURIComponent(PRIYA.email)}`;
    expect((await search(query)).body.messages).toHaveLength(1);
    // Someone else asks to be erased.
    const other = await site.asAdmin('DELETE', `/api/admin/personal-data?email=${encodeURIComponent(ARUN.email)}`);
    expect(other.body).toMatchObject({ request: 'E-0003', erased: { alumni: 1, messages: 1 } });
    expect((await search(query)).body.messages).toEqual([
      expect.objectContaining({ message: 'We are back in Bengaluru: is there a seat in Class 2 for our son?' }),
    ]);
    outputs.push(site.server.output());
    await site.restart();
    expect((await search(query)).body.messages).toHaveLength(1);
    expect((await search(`email=${encodeURIComponent(ARUN.email)}`)).body).toEqual({
      alumni: [],
      messages: [],
      subscriptions: [],
      pendingMails: [],
    });
  });
});
