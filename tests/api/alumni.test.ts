import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { builtSiteFiles } from './helpers.ts';

const site = testServer({ admin: true });

const register = (json: unknown) => site.call('POST', '/api/alumni', { json });
const list = async () =>
  (await site.asAdmin('GET', '/api/admin/alumni')).body as {
    _id: string;
    fullName: string;
    isApproved: boolean;
  }[];

const meera = {
  fullName: 'Meera Krishnan',
  gender: 'female',
  mobile: '+91 90000 11111',
  email: 'meera.krishnan@example.org',
  address: '7 Temple Street, Mysuru',
  periodOfStudy: '2006-2018',
  qualification: 'MBBS',
  occupation: 'Doctor',
  companyName: 'City Hospital',
  companyAddress: 'Ring Road, Mysuru',
  message: 'Happy to talk to students about medicine.',
};

describe('POST /api/alumni', () => {
  it('registers anyone, pending approval, and answers a message without repeating their data', async () => {
    const answer = await register({
      ...meera,
      fullName: '  Meera Krishnan  ',
      isApproved: true,
      registrationDate: '2000-01-01T00:00:00.000Z',
      _id: 'chosen-by-me',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ message: expect.stringMatching(/Thank you for registering/) });
    expect(JSON.stringify(answer.body)).not.toMatch(/Meera|example\.org|90000/);

    const [stored] = await list();
    expect(stored).toEqual({
      ...meera,
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isApproved: false,
      registrationDate: expect.any(String),
      // Sent without the form's box (a client written to the spec's API): no consent on record.
      consent: null,
    });
    expect(Date.now() - Date.parse((stored as unknown as { registrationDate: string }).registrationDate)).toBeLessThan(
      60_000,
    );
  });

  it('fills the optional fields with nothing', async () => {
    const { companyName, companyAddress, message, ...required } = meera;
    const answer = await register({ ...required, fullName: 'Ravi Das', gender: 'male', email: 'ravi@example.org' });
    expect(answer.status).toBe(201);
    expect((await list())[0]).toMatchObject({ fullName: 'Ravi Das', companyName: '', companyAddress: '', message: '' });
  });

  it('refuses each missing required field and each wrong value, storing nothing', async () => {
    const before = await list();
    const required: [field: keyof typeof meera, message: string][] = [
      ['fullName', 'Full name is required'],
      ['gender', 'Please choose male or female'],
      ['mobile', 'Mobile number is required'],
      ['email', 'Email is required'],
      ['address', 'Address is required'],
      ['periodOfStudy', 'Period of study is required'],
      ['qualification', 'Qualification is required'],
      ['occupation', 'Occupation is required'],
    ];
    for (const [field, message] of required) {
      const { [field]: _left, ...rest } = meera;
      expect(await register(rest)).toMatchObject({ status: 400, body: { message } });
      if (field !== 'gender')
        expect(await register({ ...meera, [field]: '   ' })).toMatchObject({ status: 400, body: { message } });
    }
    const wrong: [Record<string, unknown>, string][] = [
      [{ gender: 'other' }, 'Please choose male or female'],
      [{ email: 'meera-at-example' }, 'Please enter a valid email address'],
      [{ mobile: 'call me' }, 'Please enter a valid mobile number'],
      [{ fullName: 42 }, 'Full name must be text'],
      [{ fullName: null }, 'Full name is required'],
      [{ message: ['x'] }, 'Message must be text'],
      [{ fullName: 'M'.repeat(121) }, 'Full name must be at most 120 characters'],
      [{ message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    ];
    for (const [change, message] of wrong) {
      expect(await register({ ...meera, ...change })).toMatchObject({ status: 400, body: { message } });
    }
    expect(await list()).toEqual(before);
  });

  it('keeps one registration when the same form is sent twice', async () => {
    const person = { ...meera, fullName: 'Double Click', email: 'double@example.org' };
    await Promise.all([register(person), register(person)]);
    await register({ ...person, email: 'DOUBLE@example.org' });
    expect((await list()).filter((alumni) => alumni.fullName === 'Double Click')).toHaveLength(1);
  });
});

describe('administrators and alumni', () => {
  it('list registrations newest first', async () => {
    const names = (await list()).map((alumni) => alumni.fullName);
    expect(names.indexOf('Double Click')).toBeLessThan(names.indexOf('Ravi Das'));
    expect(names.indexOf('Ravi Das')).toBeLessThan(names.indexOf('Meera Krishnan'));
  });

  it('approve and unapprove a registration, answered with the record', async () => {
    const { _id } = (await list()).find((alumni) => alumni.fullName === 'Meera Krishnan')!;
    const approved = await site.asAdmin('PUT', `/api/alumni/${_id}/approve`, { json: { isApproved: true } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ _id, fullName: 'Meera Krishnan', isApproved: true });
    expect((await list()).find((alumni) => alumni._id === _id)!.isApproved).toBe(true);

    const unapproved = await site.asAdmin('PUT', `/api/alumni/${_id}/approve`, { json: { isApproved: false } });
    expect(unapproved.body).toMatchObject({ _id, isApproved: false });

    for (const json of [{}, { isApproved: 'true' }, { isApproved: 1 }, { isApproved: null }]) {
      const refused = await site.asAdmin('PUT', `/api/alumni/${_id}/approve`, { json });
      expect(refused).toMatchObject({ status: 400, body: { message: 'isApproved must be true or false' } });
    }
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await site.asAdmin('PUT', `/api/alumni/${id}/approve`, { json: { isApproved: true } });
      expect(missing).toMatchObject({ status: 404, body: { message: 'This registration no longer exists' } });
    }
  });

  it('read a page at a time, newest first, searched by name or e-mail, with how many await approval', async () => {
    const all = await list();
    const pending = all.filter((alumni) => !alumni.isApproved).length;
    const first = await site.asAdmin('GET', '/api/admin/alumni/page?pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      items: all.slice(0, 2),
      total: all.length,
      matching: all.length,
      page: 1,
      pageSize: 2,
      pending,
    });
    const second = await site.asAdmin('GET', '/api/admin/alumni/page?pageSize=2&page=2');
    expect(second.body.items).toEqual(all.slice(2, 4));

    const byMail = await site.asAdmin('GET', '/api/admin/alumni/page?q=KRISHNAN@example');
    expect(byMail.body).toMatchObject({ total: all.length, matching: 1, items: [{ fullName: 'Meera Krishnan' }] });
    const byName = await site.asAdmin('GET', '/api/admin/alumni/page?q=ravi');
    expect(byName.body.items.map((alumni: { fullName: string }) => alumni.fullName)).toEqual(['Ravi Das']);

    const { _id } = all.find((alumni) => alumni.fullName === 'Ravi Das')!;
    await site.asAdmin('PUT', `/api/alumni/${_id}/approve`, { json: { isApproved: true } });
    expect((await site.asAdmin('GET', '/api/admin/alumni/page')).body.pending).toBe(pending - 1);
    await site.asAdmin('PUT', `/api/alumni/${_id}/approve`, { json: { isApproved: false } });

    for (const query of ['page=0', 'pageSize=201', 'page=two']) {
      expect((await site.asAdmin('GET', `/api/admin/alumni/page?${query}`)).status).toBe(400);
    }
  });

  it('delete a registration, answered with the ones that remain', async () => {
    const before = await list();
    const { _id } = before.find((alumni) => alumni.fullName === 'Ravi Das')!;
    const answer = await site.asAdmin('DELETE', `/api/alumni/${_id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(before.filter((alumni) => alumni._id !== _id));
    expect(await list()).toEqual(answer.body);
    const again = await site.asAdmin('DELETE', `/api/alumni/${_id}`);
    expect(again).toMatchObject({ status: 404, body: { message: 'This registration no longer exists' } });
  });
});

describe('personal data of alumni', () => {
  it('never appears in public answers or on any built page', async () => {
    const { _id } = (await list()).find((alumni) => alumni.fullName === 'Meera Krishnan')!;
    await site.asAdmin('PUT', `/api/alumni/${_id}/approve`, { json: { isApproved: true } });
    // A content change makes the site rebuild with the approved alumna on record.
    await site.asAdmin('POST', '/api/events', {
      json: { title: 'Alumni meet', description: 'Tea and talks', date: '2031-08-15' },
    });
    await site.waitUntilLive();

    const secrets = [meera.fullName, meera.email, meera.mobile, meera.address, 'Double Click', 'double@example.org'];
    for (const path of ['/api/content', '/api/events', '/api/news']) {
      const text = await (await fetch(site.url + path)).text();
      for (const secret of secrets) expect({ path, leaks: text.includes(secret) }).toEqual({ path, leaks: false });
    }
    const files = await builtSiteFiles(site.dataDir);
    expect([...files.keys()]).toContain('/index.html');
    expect([...files.values()].some((text) => text.includes('Alumni meet'))).toBe(true);
    for (const [file, text] of files) {
      for (const secret of secrets) expect({ file, leaks: text.includes(secret) }).toEqual({ file, leaks: false });
    }
  });
});

describe('registration flood', () => {
  it('is stopped with 429 after 30 registrations an hour from one address', async () => {
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof register>> | null = null;
    for (let i = 0; i < 40 && !refused; i += 1) {
      const answer = await register({ ...meera, fullName: `Flood ${i}`, email: `flood${i}@example.org` });
      if (answer.status === 201) accepted += 1;
      else refused = answer;
    }
    expect(refused).toMatchObject({ status: 429, body: { message: expect.stringMatching(/Too many registrations/) } });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    // This file registered 5 people before the flood began.
    expect(accepted).toBe(30 - 5);
  });
});
