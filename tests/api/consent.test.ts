/**
 * Consent recorded (issue 23): a contact message or an alumni registration sent with `consent:
 * true` (the forms' box ticked) keeps when it was given and which privacy notice it was given to
 * (`notice-…`, a version that changes when what visitors read of the privacy page changes, its
 * text or the periods it states, and only then). Sent without it, as a client written to the
 * spec's API sends it, the record is still kept, as having no consent; a value other than true or
 * false is refused. The exports show it.
 */
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { csvOf, ISO_INSTANT, NOTICE, registration } from './personal-data-helpers.ts';

const site = testServer({ admin: true });

interface Stored {
  _id: string;
  name?: string;
  fullName?: string;
  email: string;
  consent: { givenAt: string; notice: string } | null;
}

let serial = 0;
/** Sends a contact message; answers it as the inbox keeps it. */
async function message(extra: Record<string, unknown> = {}): Promise<Stored> {
  const email = `parent${++serial}@example.org`;
  const answer = await site.call('POST', '/api/contact', {
    json: { name: `Parent ${serial}`, email, subject: 'admission', message: 'Is there a seat in Class 3?', ...extra },
  });
  expect(answer.status).toBe(201);
  const inbox = (await site.asAdmin('GET', '/api/admin/messages')).body as Stored[];
  return inbox.find((one) => one.email === email)!;
}

/** Sends an alumni registration; answers it as the alumni list keeps it. */
async function registered(extra: Record<string, unknown> = {}): Promise<Stored> {
  const email = `alumna${++serial}@example.org`;
  const answer = await site.call('POST', '/api/alumni', {
    json: registration(`Alumna ${serial}`, email, '+91 90000 55555', extra),
  });
  expect(answer.status).toBe(201);
  const alumni = (await site.asAdmin('GET', '/api/admin/alumni')).body as Stored[];
  return alumni.find((one) => one.email === email)!;
}

const noticeNow = async () => (await message({ consent: true })).consent!.notice;
const privacyPage = async () => {
  const pages = (await site.asAdmin('GET', '/api/admin/content')).body.pages as { slug: string; body: string }[];
  return pages.find((page) => page.slug === 'privacy')!;
};

describe('consent given with a form', () => {
  it('is kept with a contact message and a registration: when, and to which notice', async () => {
    const before = Date.now();
    const sent = await message({ consent: true });
    const alumna = await registered({ consent: true });
    for (const record of [sent, alumna]) {
      expect(record.consent).toEqual({
        givenAt: expect.stringMatching(ISO_INSTANT),
        notice: expect.stringMatching(NOTICE),
      });
      const givenAt = Date.parse(record.consent!.givenAt);
      expect(givenAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(givenAt).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    // The same notice for both: the privacy page did not change between them.
    expect(alumna.consent!.notice).toBe(sent.consent!.notice);
  });

  it("names another notice once the privacy page's text changes, the same again when it is put back", async () => {
    const first = await noticeNow();
    const { body } = await privacyPage();
    const changed = await site.asAdmin('PUT', '/api/pages/privacy', {
      json: { title: 'Privacy Policy', body: `${body}\n\nWe now also keep a list of who asked to be erased.` },
    });
    expect(changed.status).toBe(200);
    const second = await noticeNow();
    expect(second).toMatch(NOTICE);
    expect(second).not.toBe(first);
    // A draft of a new text is not what visitors read: the notice stays.
    const draft = await site.asAdmin('PUT', '/api/pages/privacy', {
      json: { title: 'Privacy Policy', body: 'A draft nobody reads yet.', status: 'draft' },
    });
    expect(draft.status).toBe(200);
    expect(await noticeNow()).toBe(second);
    // Other content changes nothing of it.
    expect((await site.asAdmin('PUT', '/api/settings', { json: { phone: '+91 80 4000 9999' } })).status).toBe(200);
    expect(await noticeNow()).toBe(second);
    // The first text published again: the first notice again (the same text, the same version).
    const back = await site.asAdmin('PUT', '/api/pages/privacy', { json: { title: 'Privacy Policy', body } });
    expect(back.status).toBe(200);
    expect(await noticeNow()).toBe(first);
  });

  it('names another notice once a period the privacy page states changes', async () => {
    const first = await noticeNow();
    const periods = { messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 };
    const changed = await site.asAdmin('PUT', '/api/admin/retention', { json: { ...periods, backupDays: 60 } });
    expect(changed.status).toBe(200);
    const second = (await registered({ consent: true })).consent!.notice;
    expect(second).toMatch(NOTICE);
    expect(second).not.toBe(first);
    expect((await site.asAdmin('PUT', '/api/admin/retention', { json: periods })).status).toBe(200);
    expect(await noticeNow()).toBe(first);
  });
});

describe('a form sent without consent', () => {
  it('is still kept, as having no consent (left out, or false)', async () => {
    expect((await message()).consent).toBeNull();
    expect((await message({ consent: false })).consent).toBeNull();
    expect((await registered()).consent).toBeNull();
    expect((await registered({ consent: false })).consent).toBeNull();
  });

  it('is refused with a value other than true or false, keeping nothing', async () => {
    const inbox = (await site.asAdmin('GET', '/api/admin/messages')).body;
    const alumni = (await site.asAdmin('GET', '/api/admin/alumni')).body;
    for (const consent of ['yes', 'true', 1, null, {}, ['yes']]) {
      const sent = await site.call('POST', '/api/contact', {
        json: { name: 'Ravi', email: 'ravi@example.org', subject: 'other', message: 'Hello', consent },
      });
      expect({ consent, status: sent.status, body: sent.body }).toEqual({
        consent,
        status: 400,
        body: { message: 'consent must be true or false' },
      });
      const alumna = await site.call('POST', '/api/alumni', {
        json: registration('Ravi Das', 'ravi.das@example.org', '+91 90000 66666', { consent }),
      });
      expect({ consent, status: alumna.status, body: alumna.body }).toEqual({
        consent,
        status: 400,
        body: { message: 'consent must be true or false' },
      });
    }
    expect((await site.asAdmin('GET', '/api/admin/messages')).body).toEqual(inbox);
    expect((await site.asAdmin('GET', '/api/admin/alumni')).body).toEqual(alumni);
  });
});

describe('the exports', () => {
  it('show for each record when consent was given and to which notice, or that none is recorded', async () => {
    for (const [path, kind] of [
      ['/api/admin/messages.csv', 'message'],
      ['/api/admin/alumni.csv', 'registration'],
    ] as const) {
      const { answer, rows } = await csvOf(site, path);
      expect(answer.status).toBe(200);
      const [heading, ...records] = rows;
      expect(heading!.slice(-2)).toEqual(['Consent given', 'Privacy notice agreed to']);
      const email = heading!.indexOf('Email');
      const listed =
        kind === 'message'
          ? ((await site.asAdmin('GET', '/api/admin/messages')).body as Stored[])
          : ((await site.asAdmin('GET', '/api/admin/alumni')).body as Stored[]);
      expect(records).toHaveLength(listed.length);
      expect(listed.some((one) => one.consent === null)).toBe(true);
      expect(listed.some((one) => one.consent !== null)).toBe(true);
      for (const record of listed) {
        const row = records.find((one) => one[email] === record.email)!;
        const expected = record.consent ? [record.consent.givenAt, record.consent.notice] : ['not recorded', ''];
        expect({ kind, email: record.email, consent: row.slice(-2) }).toEqual({
          kind,
          email: record.email,
          consent: expected,
        });
      }
    }
  });
});
