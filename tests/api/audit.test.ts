import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { uploaded } from './helpers.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });
let admin: string;
let deputy: string;
beforeAll(async () => {
  admin = site.token;
  // A second Administrator: it approves alumni and adds accounts below.
  await site.asAdmin('POST', '/api/admin/create', {
    json: { username: 'deputy', password: 'deputy-password', role: 'administrator' },
  });
  deputy = (await site.call('POST', '/api/admin/login', { json: { username: 'deputy', password: 'deputy-password' } }))
    .body.token;
});

interface Entry {
  at: string;
  username: string;
  action: string;
  target: string;
  address: string;
}

const audit = async (query = '') =>
  (await site.call<Entry[]>('GET', `/api/admin/audit${query}`, { token: admin })).body;

/** The entries added by `task`, oldest first. */
async function entriesOf(task: () => Promise<unknown>): Promise<Entry[]> {
  const before = (await audit('?limit=1000')).length;
  await task();
  const after = await audit('?limit=1000');
  return after.slice(0, after.length - before).reverse();
}

const EVENT = { title: 'Sports day', description: 'Races', date: '2031-03-01' };

describe('the audit log', () => {
  it('records each write with the username of the account that made it', async () => {
    let eventId = '';
    const entries = await entriesOf(async () => {
      const created = await site.call('POST', '/api/events', { token: admin, json: EVENT });
      eventId = created.body.at(-1)._id;
      await site.call('PUT', `/api/events/${eventId}`, {
        token: deputy,
        json: { ...EVENT, title: 'Field day' },
      });
      await site.call('DELETE', `/api/events/${eventId}`, { token: deputy });
    });
    expect(entries.map(({ username, action, target }) => ({ username, action, target }))).toEqual([
      { username: 'admin', action: 'event.create', target: eventId },
      { username: 'deputy', action: 'event.update', target: eventId },
      { username: 'deputy', action: 'event.delete', target: eventId },
    ]);
    for (const entry of entries) {
      expect(entry.address).toMatch(/^(::1|127\.0\.0\.1)$/);
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    }
  });

  it('records uploads, images, news, galleries, leadership, content, alumni and accounts', async () => {
    await site.call('POST', '/api/alumni', {
      json: {
        fullName: 'Asha Rao',
        gender: 'female',
        mobile: '+91 98450 12345',
        email: 'asha@example.org',
        address: '1 Lake Road',
        periodOfStudy: '2001-2013',
        qualification: 'BSc',
        occupation: 'Nurse',
      },
    });
    const alumniId = (await site.call('GET', '/api/admin/alumni', { token: admin })).body[0]._id;
    let image = { imageId: '', originalName: '' };
    const entries = await entriesOf(async () => {
      image = await uploaded(site.url, deputy, await solidImage('png', 12, 12));
      await site.call('PUT', '/api/person-image/president', { token: deputy, json: image });
      await site.call('POST', '/api/news', { token: admin, json: { title: 'Fair', description: 'Stalls' } });
      await site.call('POST', '/api/gallery', { token: admin, json: { ...image, caption: 'Hall' } });
      const content = (await site.call('GET', '/api/content')).body;
      await site.call('PUT', '/api/content', { token: admin, json: { ...content, presidentMessage: 'Hello' } });
      await site.call('PUT', `/api/alumni/${alumniId}/approve`, { token: deputy, json: { isApproved: true } });
      await site.call('DELETE', `/api/alumni/${alumniId}`, { token: deputy });
      await site.call('POST', '/api/admin/create', {
        token: deputy,
        json: { username: 'temp', password: 'temp-password' },
      });
      await site.call('DELETE', '/api/admin/accounts/temp', { token: admin });
    });
    expect(entries.map(({ username, action, target }) => [username, action, target])).toEqual([
      ['deputy', 'image.upload', image.imageId],
      ['deputy', 'person-image.update', 'president'],
      ['admin', 'news.create', expect.stringMatching(/^[0-9a-f-]{36}$/)],
      ['admin', 'gallery.create', expect.stringMatching(/^[0-9a-f-]{36}$/)],
      ['admin', 'content.update', ''],
      ['deputy', 'alumni.approve', alumniId],
      ['deputy', 'alumni.delete', alumniId],
      ['deputy', 'account.create', 'temp'],
      ['admin', 'account.delete', 'temp'],
    ]);
  });

  it('records the setup, the password change and two-factor changes of an account', async () => {
    const entries = await entriesOf(async () => {
      await site.call('PUT', '/api/admin/password', {
        token: deputy,
        json: { currentPassword: 'deputy-password', newPassword: 'deputy-password-2' },
      });
      deputy = (
        await site.call('POST', '/api/admin/login', {
          json: { username: 'deputy', password: 'deputy-password-2' },
        })
      ).body.token;
      await site.call('POST', '/api/admin/2fa/setup', { token: deputy });
    });
    expect(entries.map(({ username, action }) => [username, action])).toEqual([
      ['deputy', 'password.change'],
      ['deputy', 'login'],
      ['deputy', 'two-factor.setup'],
    ]);
    const first = (await audit('?limit=1000')).at(-1);
    expect(first).toMatchObject({ username: 'admin', action: 'account.create', target: 'admin' });
  });

  it('records every login, a failed one with the name tried, and nothing for refused writes or public ones', async () => {
    const entries = await entriesOf(async () => {
      await site.call('POST', '/api/admin/login', { json: { username: 'ghost', password: 'boo-boo-boo' } });
      await site.call('POST', '/api/admin/login', { json: { username: 'deputy', password: 'wrong-one' } });
      await site.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'admin123' } });
      await site.call('DELETE', `/api/events/${crypto.randomUUID()}`, { token: admin });
      await site.call('POST', '/api/events', { token: admin, json: { title: 'No date' } });
      await site.call('POST', '/api/events', { json: EVENT });
      await site.call('POST', '/api/alumni', { json: { fullName: 'Incomplete' } });
    });
    expect(entries.map(({ username, action, target }) => [username, action, target])).toEqual([
      ['ghost', 'login.failed', ''],
      ['deputy', 'login.failed', ''],
      ['admin', 'login', ''],
    ]);
  });

  it('makes one entry of the same change saved again and again (a message typed in)', async () => {
    const content = (await site.call('GET', '/api/content')).body;
    const entries = await entriesOf(async () => {
      for (const message of ['W', 'We', 'Wel', 'Welc', 'Welcome']) {
        await site.call('PUT', '/api/content', {
          token: deputy,
          json: { ...content, secretaryMessage: message },
        });
      }
    });
    expect(entries.map(({ username, action }) => [username, action])).toEqual([['deputy', 'content.update']]);
  });
});

describe('GET /api/admin/audit', () => {
  it('answers the newest entries first, 100 unless a limit from 1 to 1000 is given', async () => {
    for (let i = 0; i < 100; i += 1) {
      await site.call('POST', '/api/news', { token: admin, json: { title: `News ${i}`, description: 'x' } });
    }
    const all = await audit('?limit=1000');
    expect(all.length).toBeGreaterThan(100);
    expect(await audit()).toEqual(all.slice(0, 100));
    expect(await audit('?limit=3')).toEqual(all.slice(0, 3));
    const times = all.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const entry of all) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'address', 'at', 'target', 'username']);
      expect(entry.username).not.toBe('');
      expect(entry.address).not.toBe('');
    }
  });

  it('refuses a limit that is not a whole number from 1 to 1000 with 400', async () => {
    for (const limit of ['0', '1001', '-5', '2.5', 'ten', '', '1e2']) {
      const answer = await site.call('GET', `/api/admin/audit?limit=${limit}`, { token: admin });
      expect({ limit, status: answer.status, message: typeof answer.body.message }).toEqual({
        limit,
        status: 400,
        message: 'string',
      });
    }
  });

  it('is for administrators only, and never cached', async () => {
    expect((await site.call('GET', '/api/admin/audit')).status).toBe(401);
    expect((await site.call('GET', '/api/admin/audit', { token: 'nope' })).status).toBe(401);
    const answer = await site.call('GET', '/api/admin/audit', { token: admin });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
