/**
 * No edit silently lost (issue 20): a save that says which version it started from (a `version`
 * field or `If-Match`) is refused with 412 when someone else changed the thing since, with a
 * message naming them and the time, and stores nothing; a save that says nothing (a client written
 * to the spec) still replaces it; saves from the right version follow each other freely.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
let esha: string;

interface Stale {
  message: string;
  changedBy: string | null;
  changedAt: string | null;
  version: string;
  current?: unknown;
}

const contentFile = () => readFile(join(site.dataDir, 'content.json'), 'utf8');

/** `14:05 on 25 Nov 2026`: the time of `at` at the school, as a person reads it. */
function schoolTime(at: string, timeZone: string): string {
  const date = new Date(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
  return `${time.format(date)} on ${day.format(date)}`;
}

/** Expects `answer` to be the refusal of a save of `what` last changed by esha at `at`. */
async function expectRefused(answer: { status: number; body: Stale }, what: string, at: string) {
  const { timeZone } = (await site.call('GET', '/api/settings')).body;
  expect(answer.status).toBe(412);
  expect(answer.body).toMatchObject({
    message: `esha changed ${what} at ${schoolTime(at, timeZone)}, after you opened it. Nothing was saved: reload to see that change first.`,
    changedBy: 'esha',
    changedAt: at,
    version: at,
  });
  // What it is now, when the answer carries it (for the dashboard to show the change).
  if (answer.body.current !== undefined) expect(answer.body.current).toMatchObject({ updated: { at, by: 'esha' } });
}

beforeAll(async () => {
  const json = { username: 'esha', password: 'esha-password-1', role: 'editor' };
  expect((await site.asAdmin('POST', '/api/admin/create', { json })).status).toBe(201);
  esha = (await site.call('POST', '/api/admin/login', { json })).body.token;
});

describe('the school details', () => {
  it('refuse a save from a copy opened before another account changed them, keeping that change', async () => {
    // The administrator opens the form; Esha changes the phone number meanwhile.
    const opened = await site.call('GET', '/api/settings');
    const version = opened.headers.get('etag')!.replace(/^"|"$/g, '');
    expect(version).toBeTruthy();
    const changed = await site.call('PUT', '/api/settings', { token: esha, json: { phone: '+91 80 1111 1111' } });
    expect(changed.status).toBe(200);
    const changedAt = changed.body.updated.at as string;
    expect(changed.body.updated.by).toBe('esha');
    expect(changedAt).not.toBe(version);

    // The administrator's form sends the whole of it back, with the tagline fixed.
    const stored = await contentFile();
    const stale = await site.asAdmin<Stale>('PUT', '/api/settings', {
      json: { ...opened.body, tagline: 'A fixed tagline', version },
    });
    await expectRefused(stale, 'the school details', changedAt);
    expect(await contentFile()).toBe(stored);
    const now = (await site.call('GET', '/api/settings')).body;
    expect(now.phone).toBe('+91 80 1111 1111');
    expect(now.tagline).toBe(opened.body.tagline);
  });

  it('refuse it the same way when the version comes as If-Match (the ETag of the GET)', async () => {
    const opened = await site.call('GET', '/api/settings');
    const etag = opened.headers.get('etag')!;
    const changed = await site.call('PUT', '/api/settings', { token: esha, json: { phone: '+91 80 2222 2222' } });
    const stored = await contentFile();
    const stale = await site.asAdmin<Stale>('PUT', '/api/settings', {
      json: { tagline: 'Another tagline' },
      headers: { 'If-Match': etag },
    });
    await expectRefused(stale, 'the school details', changed.body.updated.at);
    expect(await contentFile()).toBe(stored);
    expect((await site.call('GET', '/api/settings')).body.tagline).not.toBe('Another tagline');
  });

  it('take a save that sends no version, as before: the last write wins', async () => {
    await site.call('PUT', '/api/settings', { token: esha, json: { phone: '+91 80 3333 3333' } });
    const answer = await site.asAdmin('PUT', '/api/settings', { json: { phone: '+91 80 4444 4444' } });
    expect(answer.status).toBe(200);
    expect((await site.call('GET', '/api/settings')).body.phone).toBe('+91 80 4444 4444');
  });

  it('take saves in a row from the right version: each answer carries the next one', async () => {
    const opened = await site.call('GET', '/api/settings');
    const first = await site.asAdmin('PUT', '/api/settings', {
      json: { tagline: 'First of two' },
      headers: { 'If-Match': opened.headers.get('etag')! },
    });
    expect(first.status).toBe(200);
    const next = first.body.updated.at as string;
    expect(first.headers.get('etag')).toBe(`"${next}"`);
    const second = await site.asAdmin('PUT', '/api/settings', { json: { tagline: 'Second of two', version: next } });
    expect(second.status).toBe(200);
    expect(second.body.updated.at > next).toBe(true);
    expect((await site.call('GET', '/api/settings')).headers.get('etag')).toBe(`"${second.body.updated.at}"`);
    expect((await site.call('GET', '/api/settings')).body.tagline).toBe('Second of two');
    // The public answer says nothing of who changed them.
    expect((await site.call('GET', '/api/settings')).body).not.toHaveProperty('updated');
  });

  it('let a person save over the other change on purpose, with the version the refusal names', async () => {
    const opened = await site.call('GET', '/api/settings');
    await site.call('PUT', '/api/settings', { token: esha, json: { tagline: 'Esha wrote this' } });
    const stale = await site.asAdmin<Stale>('PUT', '/api/settings', {
      json: { tagline: 'Mine after all' },
      headers: { 'If-Match': opened.headers.get('etag')! },
    });
    expect(stale.status).toBe(412);
    const over = await site.asAdmin('PUT', '/api/settings', {
      json: { tagline: 'Mine after all', version: stale.body.version },
    });
    expect(over.status).toBe(200);
    expect((await site.call('GET', '/api/settings')).body.tagline).toBe('Mine after all');
  });
});

describe('an event', () => {
  const EVENT = { title: 'Sports day', description: 'Races', date: '2031-03-01', location: 'Field' };
  let id: string;

  const versionNow = async () => {
    const content = (await site.asAdmin('GET', '/api/admin/content')).body;
    return content.events.find((event: { _id: string }) => event._id === id).updated.at as string;
  };
  const eventNow = async () =>
    ((await site.call('GET', '/api/events')).body as { _id: string; title: string; location: string }[]).find(
      (event) => event._id === id,
    )!;

  beforeAll(async () => {
    const created = await site.asAdmin('POST', '/api/events', { json: EVENT });
    id = created.body.find((event: { title: string }) => event.title === EVENT.title)._id;
  });

  it('refuses the second of two editors who opened it at the same version', async () => {
    const version = await versionNow();
    const first = await site.call('PUT', `/api/events/${id}`, {
      token: esha,
      json: { ...EVENT, location: 'Main hall', version },
    });
    expect(first.status).toBe(200);
    const changedAt = await versionNow();
    const stored = await contentFile();
    const second = await site.asAdmin<Stale>('PUT', `/api/events/${id}`, {
      json: { ...EVENT, title: 'Sports day (finals)', version },
    });
    await expectRefused(second, 'this event', changedAt);
    expect(await contentFile()).toBe(stored);
    expect(await eventNow()).toMatchObject({ title: 'Sports day', location: 'Main hall' });

    const withHeader = await site.asAdmin<Stale>('PUT', `/api/events/${id}`, {
      json: { ...EVENT, title: 'Sports day (finals)' },
      headers: { 'If-Match': `"${version}"` },
    });
    await expectRefused(withHeader, 'this event', changedAt);
    expect(await contentFile()).toBe(stored);
  });

  it('takes two saves in a row, each with the version the one before answered', async () => {
    let version = await versionNow();
    for (const location of ['Hall A', 'Hall B']) {
      const answer = await site.asAdmin('PUT', `/api/events/${id}`, { json: { ...EVENT, location, version } });
      expect(answer.status).toBe(200);
      const next = answer.body.find((event: { _id: string }) => event._id === id).updated.at as string;
      expect(next > version).toBe(true);
      version = next;
    }
    expect((await eventNow()).location).toBe('Hall B');
  });

  it('refuses a change of state from an older version too', async () => {
    const version = await versionNow();
    await site.call('PUT', `/api/events/${id}`, { token: esha, json: { ...EVENT, location: 'Gym' } });
    const changedAt = await versionNow();
    const stored = await contentFile();
    const stale = await site.asAdmin<Stale>('PUT', `/api/events/${id}/status`, { json: { status: 'draft', version } });
    await expectRefused(stale, 'this event', changedAt);
    expect(await contentFile()).toBe(stored);
    expect((await eventNow()).location).toBe('Gym');
    const fresh = await site.asAdmin('PUT', `/api/events/${id}/status`, {
      json: { status: 'draft', version: changedAt },
    });
    expect(fresh.status).toBe(200);
    expect(await eventNow()).toBeUndefined();
  });
});

describe('a page', () => {
  const pageVersion = async (slug: string) => {
    const content = (await site.asAdmin('GET', '/api/admin/content')).body;
    const page = content.pages.find((one: { slug: string }) => one.slug === slug);
    return (page.updated?.at ?? 'original') as string;
  };

  it('refuses a save, or a change of state, from before another account changed it', async () => {
    const version = await pageVersion('disclaimer');
    const first = await site.call('PUT', '/api/pages/disclaimer', {
      token: esha,
      json: { title: 'Disclaimer', body: 'Esha-disclaimer-text', version },
    });
    expect(first.status).toBe(200);
    const changedAt = await pageVersion('disclaimer');
    expect(first.body.updated.at).toBe(changedAt);
    const stored = await contentFile();

    const stale = await site.asAdmin<Stale>('PUT', '/api/pages/disclaimer', {
      json: { title: 'Disclaimer', body: 'Admin-disclaimer-text', version },
    });
    await expectRefused(stale, 'this page', changedAt);
    const staleHeader = await site.asAdmin<Stale>('PUT', '/api/pages/disclaimer', {
      json: { title: 'Disclaimer', body: 'Admin-disclaimer-text' },
      headers: { 'If-Match': `"${version}"` },
    });
    await expectRefused(staleHeader, 'this page', changedAt);
    const staleStatus = await site.asAdmin<Stale>('PUT', '/api/pages/disclaimer/status', {
      json: { status: 'draft', version },
    });
    await expectRefused(staleStatus, 'this page', changedAt);
    expect(await contentFile()).toBe(stored);
    const shown = (await site.call('GET', '/api/pages')).body.find(
      (page: { slug: string }) => page.slug === 'disclaimer',
    );
    expect(shown.body).toBe('Esha-disclaimer-text');

    const fresh = await site.asAdmin('PUT', '/api/pages/disclaimer', {
      json: { title: 'Disclaimer', body: 'Admin-disclaimer-text', version: changedAt },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.body).toBe('Admin-disclaimer-text');
  });
});
