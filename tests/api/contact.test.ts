import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { builtSiteFiles, MESSAGES_CSV_HEADINGS } from './helpers.ts';

const site = testServer({ admin: true });

interface Message {
  _id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  receivedAt: string;
  read: boolean;
}

/** Messages sent in this file that were stored (each counts towards the hourly limit). */
let accepted = 0;
const send = async (json: unknown) => {
  const answer = await site.call('POST', '/api/contact', { json });
  if (answer.status === 201) accepted += 1;
  return answer;
};
const inbox = async () => (await site.asAdmin<Message[]>('GET', '/api/admin/messages')).body;
const csv = async (path: string) => {
  const answer = await fetch(site.url + path, { headers: { Authorization: `Bearer ${site.token}` } });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const text = bytes.toString('utf8');
  return { answer, bytes, rows: parse(text.replace(/^\uFEFF/, '')) as string[][] };
};

const asha = {
  name: 'Asha Rao',
  email: 'asha.rao@example.org',
  phone: '+91 98450 11223',
  subject: 'admission',
  message: 'When do admissions for Class 1 open?\nWe live nearby.',
};
const RECEIVED = { message: expect.stringMatching(/Thank you/) };

describe('POST /api/contact', () => {
  it('keeps a message for the administrators and answers 201 without repeating it', async () => {
    const answer = await send({
      ...asha,
      name: '  Asha Rao ',
      read: true,
      _id: 'mine',
      receivedAt: '2000-01-01T00:00:00Z',
    });
    expect(answer).toMatchObject({ status: 201, body: RECEIVED });
    expect(JSON.stringify(answer.body)).not.toMatch(/Asha|example\.org|98450|admissions/);
    const [stored] = await inbox();
    expect(stored).toEqual({
      ...asha,
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      receivedAt: expect.any(String),
      read: false,
      // Sent without the form's box (a client written to the spec's API): no consent on record.
      consent: null,
    });
    expect(Date.now() - Date.parse(stored!.receivedAt)).toBeLessThan(60_000);
  });

  it('takes a message without a phone number', async () => {
    const { phone, ...rest } = asha;
    expect((await send({ ...rest, name: 'Ravi Das', subject: 'other' })).status).toBe(201);
    expect((await inbox())[0]).toMatchObject({ name: 'Ravi Das', phone: '', subject: 'other' });
  });

  it('refuses each missing or wrong field with 400 and a clear message, keeping nothing', async () => {
    const before = await inbox();
    const required: [field: keyof typeof asha, message: string][] = [
      ['name', 'Name is required'],
      ['email', 'Email is required'],
      ['subject', 'Please choose a subject'],
      ['message', 'Message is required'],
    ];
    for (const [field, message] of required) {
      const { [field]: _left, ...rest } = asha;
      expect(await send(rest)).toMatchObject({ status: 400, body: { message } });
      expect(await send({ ...asha, [field]: '  ' })).toMatchObject({ status: 400, body: { message } });
    }
    const wrong: [Record<string, unknown>, string][] = [
      [{ email: 'asha-at-example' }, 'Please enter a valid email address'],
      [{ phone: 'call me' }, 'Please enter a valid phone number'],
      [{ phone: 98450 }, 'Phone must be text'],
      [{ subject: 'fees' }, 'Please choose a subject'],
      [{ name: 42 }, 'Name must be text'],
      [{ name: null }, 'Name is required'],
      [{ message: ['x'] }, 'Message must be text'],
      [{ name: 'N'.repeat(121) }, 'Name must be at most 120 characters'],
      [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    ];
    for (const [change, message] of wrong) {
      expect(await send({ ...asha, ...change })).toMatchObject({ status: 400, body: { message } });
    }
    expect(await send([asha])).toMatchObject({
      status: 400,
      body: { message: 'The request body must be a JSON object' },
    });
    const form = await fetch(`${site.url}/api/contact`, { method: 'POST', body: new URLSearchParams(asha) });
    expect(form.status).toBe(415);
    expect(await inbox()).toEqual(before);
  });

  it('drops a message whose hidden field was filled, telling the sender it arrived', async () => {
    const before = await inbox();
    const answer = await send({ ...asha, name: 'Spam Bot', website: 'https://cheap-pills.example' });
    accepted -= 1; // answered 201, but never stored
    expect(answer).toMatchObject({ status: 201, body: RECEIVED });
    expect(await inbox()).toEqual(before);
    expect((await send({ ...asha, name: 'Kind Person', website: '' })).status).toBe(201);
    expect((await inbox())[0]?.name).toBe('Kind Person');
  });
});

describe('the inbox', () => {
  it('lists messages newest first, for administrators only', async () => {
    const names = (await inbox()).map((m) => m.name);
    expect(names.slice(0, 3)).toEqual(['Kind Person', 'Ravi Das', 'Asha Rao']);
    for (const headers of [undefined, { Authorization: 'Bearer not-a-token' }]) {
      const answer = await site.call('GET', '/api/admin/messages', { headers });
      expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
      expect(JSON.stringify(answer.body)).not.toContain('Asha');
    }
    const listed = await site.asAdmin('GET', '/api/admin/messages');
    expect(listed.headers.get('cache-control')).toBe('no-store');
  });

  it('marks a message read and unread, answered with the list', async () => {
    const { _id } = (await inbox()).find((m) => m.name === 'Asha Rao')!;
    const read = await site.asAdmin('PUT', `/api/admin/messages/${_id}`, { json: { read: true } });
    expect(read.status).toBe(200);
    expect(read.body.find((m: Message) => m._id === _id)).toMatchObject({ name: 'Asha Rao', read: true });
    expect(await inbox()).toEqual(read.body);
    const unread = await site.asAdmin('PUT', `/api/admin/messages/${_id}`, { json: { read: false } });
    expect(unread.body.find((m: Message) => m._id === _id).read).toBe(false);

    for (const json of [{}, { read: 'yes' }, { read: 1 }, { read: null }]) {
      const refused = await site.asAdmin('PUT', `/api/admin/messages/${_id}`, { json });
      expect(refused).toMatchObject({ status: 400, body: { message: 'read must be true or false' } });
    }
    const anonymous = await site.call('PUT', `/api/admin/messages/${_id}`, { json: { read: true } });
    expect(anonymous.status).toBe(401);
    expect((await inbox()).find((m) => m._id === _id)!.read).toBe(false);
  });

  it('deletes a message, answered with the rest; an unknown id is 404', async () => {
    const before = await inbox();
    const { _id } = before.find((m) => m.name === 'Ravi Das')!;
    expect(await site.call('DELETE', `/api/admin/messages/${_id}`)).toMatchObject({ status: 401 });
    const answer = await site.asAdmin('DELETE', `/api/admin/messages/${_id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(before.filter((m) => m._id !== _id));
    for (const id of [_id, randomUUID(), 'not-an-id']) {
      for (const [method, json] of [
        ['DELETE', undefined],
        ['PUT', { read: true }],
      ] as const) {
        const gone = await site.asAdmin(method, `/api/admin/messages/${id}`, { json });
        expect({ id, method, status: gone.status, body: gone.body }).toEqual({
          id,
          method,
          status: 404,
          body: { message: 'This message no longer exists' },
        });
      }
    }
  });

  it('never shows a message on a public page or in a public answer', async () => {
    await site.asAdmin('POST', '/api/events', {
      json: { title: 'Open day', description: 'Visit us', date: '2031-01-10' },
    });
    await site.waitUntilLive();
    const secrets = [asha.email, asha.phone, 'When do admissions', 'Kind Person'];
    for (const path of ['/api/content', '/api/events', '/api/news', '/api/circulars', '/contact']) {
      const text = await (await fetch(site.url + path)).text();
      for (const secret of secrets) expect({ path, leaks: text.includes(secret) }).toEqual({ path, leaks: false });
    }
    for (const [file, text] of await builtSiteFiles(site.dataDir)) {
      for (const secret of secrets) expect({ file, leaks: text.includes(secret) }).toEqual({ file, leaks: false });
    }
  });
});

describe('CSV exports', () => {
  it('GET /api/admin/messages.csv: a heading row and one row per message, formulas defused', async () => {
    await send({ ...asha, name: '=HYPERLINK("http://evil.example","Click")', message: '+1 555 0100', phone: '' });
    await send({ ...asha, name: '@SUM(A1:A9)', message: '-2+3', subject: 'complaint', consent: true });
    const { answer, bytes, rows } = await csv('/api/admin/messages.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // The byte order mark makes spreadsheets read the names in any script correctly.
    expect(bytes.subarray(0, 12).toString('utf8')).toBe('\uFEFFReceived,');
    const messages = await inbox();
    expect(rows[0]).toEqual(MESSAGES_CSV_HEADINGS);
    expect(rows).toHaveLength(messages.length + 1);
    const { consent } = messages[0] as Message & { consent: { givenAt: string; notice: string } };
    expect(consent).toEqual({
      givenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      notice: expect.stringMatching(/^notice-[0-9a-f]{12}$/),
    });
    expect(rows[1]).toEqual([
      messages[0]!.receivedAt,
      "'@SUM(A1:A9)",
      asha.email,
      "'+91 98450 11223",
      'complaint',
      "'-2+3",
      'no',
      consent.givenAt,
      consent.notice,
    ]);
    expect(rows[2]!.slice(1, 2)).toEqual(['\'=HYPERLINK("http://evil.example","Click")']);
    expect(rows[2]![5]).toBe("'+1 555 0100");
    // Sent without the box: said so, not left blank.
    expect(rows[2]!.slice(7)).toEqual(['not recorded', '']);
    // A message of several lines stays one cell.
    expect(rows.find((row) => row[1] === 'Asha Rao')![5]).toBe(asha.message);
  });

  it('GET /api/admin/alumni.csv: a heading row and one row per registration, formulas defused', async () => {
    const alumnus = {
      fullName: '=cmd|" /C calc"!A0',
      gender: 'female',
      mobile: '+91 90000 22222',
      email: 'meera@example.org',
      address: '7 Temple Street, Mysuru',
      periodOfStudy: '2006-2018',
      qualification: 'MBBS',
      occupation: 'Doctor',
      message: '@once upon a time',
    };
    expect((await site.call('POST', '/api/alumni', { json: alumnus })).status).toBe(201);
    const { answer, rows } = await csv('/api/admin/alumni.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(rows[0]).toEqual([
      'Registered',
      'Full name',
      'Gender',
      'Mobile',
      'Email',
      'Address',
      'Period of study',
      'Qualification',
      'Occupation',
      'Company name',
      'Company address',
      'Message',
      'Status',
      'Consent given',
      'Privacy notice agreed to',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      '\'=cmd|" /C calc"!A0',
      'female',
      "'+91 90000 22222",
      'meera@example.org',
      '7 Temple Street, Mysuru',
      '2006-2018',
      'MBBS',
      'Doctor',
      '',
      '',
      "'@once upon a time",
      'PENDING',
      'not recorded',
      '',
    ]);
  });

  it('are for administrators only', async () => {
    for (const path of ['/api/admin/messages.csv', '/api/admin/alumni.csv']) {
      const answer = await fetch(site.url + path);
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
      expect(await answer.text()).not.toMatch(/Asha|meera/);
    }
  });
});

describe('a flood of messages', () => {
  it('is stopped with 429 after 10 messages an hour from one address', async () => {
    let refused: Awaited<ReturnType<typeof send>> | null = null;
    let sentHere = 0;
    const before = accepted;
    for (let i = 0; i < 20 && !refused; i += 1) {
      const answer = await send({ ...asha, message: `Flood ${i}` });
      if (answer.status === 201) sentHere += 1;
      else refused = answer;
    }
    expect(before + sentHere).toBe(10);
    expect(refused).toMatchObject({ status: 429, body: { message: expect.stringMatching(/Too many messages/) } });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await inbox()).some((m) => m.message === `Flood ${sentHere}`)).toBe(false);
  });
});
