import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultCirculars } from '../../admin-api/store/default-circulars.ts';
import { testServer } from '../support/harness.ts';
import { asPublic, content, PUBLISHED, writtenBy } from './helpers.ts';
import { pdfFile, uploadedDocument } from './test-documents.ts';

const site = testServer({ admin: true });

interface Circular {
  _id: string;
  title: string;
  date: string;
  description: string;
  document: { documentId: string; originalName: string } | null;
}

const api = (method: string, path: string, json?: unknown) => site.asAdmin(method, path, { json });
const circulars = async () => (await site.call<Circular[]>('GET', '/api/circulars')).body;
const REQUIRED = 'Title and date are required';

describe('a fresh install', () => {
  it('has the three circulars of the spec, newest first, for anyone', async () => {
    const answer = await site.call<Circular[]>('GET', '/api/circulars');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      defaultCirculars()
        .reverse()
        .map((c) => ({ ...c, _id: expect.any(String) })),
    );
  });
});

describe('POST /api/circulars', () => {
  it('adds a circular with its document and answers 201 with the list, newest first', async () => {
    const document = await uploadedDocument(site.url, site.token, pdfFile('Summer holidays'), 'summer.pdf');
    const answer = await api('POST', '/api/circulars', {
      title: '  Summer holidays  ',
      date: '2025-04-20T10:00:00+05:30',
      description: 'School closes on 25 April.',
      document: { documentId: document.documentId, originalName: document.originalName, size: document.size },
      _id: 'chosen-by-me',
    });
    expect(answer.status).toBe(201);
    expect(answer.body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Summer holidays',
      date: '2025-04-20',
      description: 'School closes on 25 April.',
      document: { documentId: document.documentId, originalName: 'summer.pdf' },
      ...PUBLISHED,
      ...writtenBy('admin'),
    });
    expect(answer.body.map((c: Circular) => c.date)).toEqual(['2025-04-20', '2025-02-10', '2024-09-16', '2024-05-27']);
    expect(await circulars()).toEqual(answer.body.map(asPublic));
  });

  it('takes a circular without description or document', async () => {
    const answer = await api('POST', '/api/circulars', { title: 'Uniform reminder', date: '2023-01-09' });
    expect(answer.status).toBe(201);
    expect(answer.body.at(-1)).toMatchObject({ title: 'Uniform reminder', description: '', document: null });
  });

  it('refuses each missing or wrong field with 400 and its message, changing nothing', async () => {
    const before = await content(site.url);
    const valid = { title: 'Exam timetable', date: '2025-03-01' };
    const cases: [body: unknown, message: string | RegExp][] = [
      [{ date: '2025-03-01' }, REQUIRED],
      [{ ...valid, title: '   ' }, REQUIRED],
      [{ title: 'Exam timetable' }, REQUIRED],
      [{ ...valid, date: '' }, REQUIRED],
      [{ ...valid, date: '2025-02-30' }, 'Date must be a date (YYYY-MM-DD)'],
      [{ ...valid, date: 'next Monday' }, 'Date must be a date (YYYY-MM-DD)'],
      [{ ...valid, title: 42 }, 'Title must be text'],
      [{ ...valid, title: 'T'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ ...valid, description: ['x'] }, 'Description must be text'],
      [{ ...valid, description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
      [{ ...valid, document: { documentId: '../admins.json' } }, 'The document reference is not valid'],
      [{ ...valid, document: { originalName: 'a.pdf' } }, 'A document is required'],
      [{ ...valid, document: 'circular.pdf' }, /expected object/i],
      [
        { ...valid, document: { documentId: `${'2'.repeat(32)}.pdf` } },
        'The document was not found. Please upload it again.',
      ],
      [[valid], 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const answer = await api('POST', '/api/circulars', body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.message).toMatch(message);
    }
    expect(await content(site.url)).toEqual(before);
  });

  it('is for administrators only', async () => {
    const before = await circulars();
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const headers = authorization ? { Authorization: authorization } : undefined;
      const answer = await site.call('POST', '/api/circulars', {
        headers,
        json: { title: 'Anonymous', date: '2025-01-01' },
      });
      expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    }
    expect(await circulars()).toEqual(before);
  });
});

describe('PUT and DELETE /api/circulars/{id}', () => {
  it('replace a circular, answered with the list', async () => {
    const [target] = (await circulars()).filter((c) => c.title === 'Uniform reminder');
    const answer = await api('PUT', `/api/circulars/${target!._id}`, {
      title: 'Winter uniform',
      date: '2025-11-01',
      description: 'Sweaters from 1 November.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toEqual({
      _id: target!._id,
      title: 'Winter uniform',
      date: '2025-11-01',
      description: 'Sweaters from 1 November.',
      document: null,
      ...PUBLISHED,
      ...writtenBy('admin'),
    });
    expect(await circulars()).toEqual(answer.body.map(asPublic));
    expect(await api('PUT', `/api/circulars/${target!._id}`, { title: '' })).toMatchObject({
      status: 400,
      body: { message: REQUIRED },
    });
  });

  it('delete a circular, answered with the rest; an unknown id is 404', async () => {
    const before = await circulars();
    const target = before.find((c) => c.title === 'Winter uniform')!;
    const answer = await api('DELETE', `/api/circulars/${target._id}`);
    expect({ ...answer, body: answer.body.map(asPublic) }).toEqual({
      status: 200,
      body: before.filter((c) => c._id !== target._id),
      headers: expect.anything(),
    });
    for (const id of [target._id, randomUUID(), 'not-an-id', '__proto__']) {
      for (const [method, json] of [
        ['DELETE', undefined],
        ['PUT', { title: 'Ghost', date: '2025-01-01' }],
      ] as const) {
        const gone = await api(method, `/api/circulars/${id}`, json);
        expect({ id, method, ...gone, headers: null }).toEqual({
          id,
          method,
          status: 404,
          body: { message: 'This circular no longer exists' },
          headers: null,
        });
      }
    }
  });

  it('are for administrators only', async () => {
    const [first] = await circulars();
    for (const [method, json] of [
      ['PUT', { title: 'Changed', date: '2025-01-01' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await site.call(method, `/api/circulars/${first!._id}`, { json });
      expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    }
    expect((await circulars())[0]).toEqual(first);
  });
});

describe('/notifications-circular', () => {
  it('shows the circulars of the content, with a link to each document', async () => {
    const document = await uploadedDocument(site.url, site.token, pdfFile('Annual day'), 'annual-day.pdf');
    await api('POST', '/api/circulars', { title: 'Annual day invitation', date: '2025-12-12', document });
    await site.waitUntilLive();
    const html = await (await fetch(`${site.url}/notifications-circular`)).text();
    expect(html).toContain('Annual day invitation');
    expect(html).toContain('Issued on 12 December 2025');
    expect(html).toContain(`href="/documents/${document.documentId}"`);
    expect(html).toContain('Summer holidays');
    expect(html).not.toContain('Winter uniform');
  });
});
