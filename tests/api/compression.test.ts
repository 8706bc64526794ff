/**
 * JSON answers of the API are compressed when the request accepts it (brotli first, then gzip),
 * decode to the same JSON, and say `Vary: Accept-Encoding`; without Accept-Encoding they are sent
 * as they are. A compressed answer keeps the ETag of the version, which (weak or strong) still
 * protects a save from overwriting a change made meanwhile. Answers compressed once per version
 * are the new version after an edit (or once a notice starts), and each reader's own.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });

/** The raw answer (not decoded, unlike fetch's) of GET `path` with the headers given. */
function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const sent = request(new URL(path, site.url), { headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
      });
      sent.on('error', reject);
      sent.end();
    },
  );
}

const admin = () => ({ Authorization: `Bearer ${site.token}` });
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

/** GET `path` as a browser asks for it, decoded: its JSON and ETag (brotli unless it is small). */
async function asBrowser(path: string, token?: string) {
  const answer = await raw(path, { ...BROWSER, ...(token ? { Authorization: `Bearer ${token}` } : {}) });
  expect(answer.status).toBe(200);
  expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  const compressed = answer.headers['content-encoding'] === 'br';
  if (!compressed) expect(answer.body.length).toBeLessThan(1024);
  const body = compressed ? brotliDecompressSync(answer.body) : answer.body;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the content's lists
  return { json: JSON.parse(body.toString()) as any, etag: answer.headers.etag };
}

/** A new account of `role`, signed in: its token. */
async function account(username: string, role: 'contributor' | 'office'): Promise<string> {
  const json = { username, password: `${username}-password-1`, role };
  expect((await site.asAdmin('POST', '/api/admin/create', { json })).status).toBe(201);
  return (await site.call('POST', '/api/admin/login', { json })).body.token;
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  // Enough events that the content is some 100 KB of JSON.
  const before = (await site.call('GET', '/api/content')).body;
  const events = Array.from({ length: 400 }, (_, i) => ({
    _id: crypto.randomUUID(),
    title: `Class meeting ${i}`,
    description: 'Every class meets its teachers, and the parents are welcome to come along.',
    date: '2031-03-01',
    time: '',
    location: '',
    image: null,
  }));
  expect((await site.asAdmin('PUT', '/api/content', { json: { ...before, events } })).status).toBe(200);
}, 60_000);

describe('compressed JSON answers', () => {
  it('sends brotli or gzip as accepted, decoding to the same JSON as the plain answer', async () => {
    for (const path of ['/api/admin/content', '/api/content', '/api/admin/events?pageSize=200']) {
      const plain = await raw(path, admin());
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      const json = JSON.parse(plain.body.toString());

      const br = await raw(path, { ...admin(), 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(br.body.length).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(json);

      const gzip = await raw(path, { ...admin(), 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(json);

      const refused = await raw(path, { ...admin(), 'Accept-Encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
    }
  });

  it('leaves small answers as they are', async () => {
    const small = await raw('/api/admin/build-status', { ...admin(), 'Accept-Encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the ETag of the version, which still refuses a stale save, weak or strong', async () => {
    const plain = await raw('/api/admin/content', admin());
    const read = await raw('/api/admin/content', { ...admin(), 'Accept-Encoding': 'br' });
    expect(read.headers['content-encoding']).toBe('br');
    expect(read.headers.etag).toBe(plain.headers.etag);
    // As a proxy that compresses may send it on.
    const etag = `W/${read.headers.etag}`;

    const first = await site.asAdmin('PATCH', '/api/content', {
      json: { presidentMessage: 'First change' },
      headers: { 'If-Match': etag },
    });
    expect(first.status).toBe(200);
    const stale = await site.asAdmin('PATCH', '/api/content', {
      json: { presidentMessage: 'Second change, from the old copy' },
      headers: { 'If-Match': etag },
    });
    expect(stale.status).toBe(412);
    expect((await site.call('GET', '/api/content')).body.presidentMessage).toBe('First change');
    const strong = await site.asAdmin('PATCH', '/api/content', {
      json: { presidentMessage: 'Also from the old copy' },
      headers: { 'If-Match': String(read.headers.etag) },
    });
    expect(strong.status).toBe(412);
  });
});

describe('answers compressed once per version', () => {
  it('answers the same bytes again, and the new version after an edit', async () => {
    const first = await raw('/api/content', BROWSER);
    const again = await raw('/api/content', BROWSER);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body.equals(first.body)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(again.body).toString())).toEqual(
      JSON.parse((await raw('/api/content', {})).body.toString()),
    );

    for (const [path, token] of [
      ['/api/content', undefined],
      ['/api/admin/content', site.token],
    ] as const) {
      const message = `Welcome back, read at ${path}`;
      expect((await site.asAdmin('PATCH', '/api/content', { json: { presidentMessage: message } })).status).toBe(200);
      const before = await asBrowser(path, token);
      expect(before.json.presidentMessage).toBe(message);
      expect((await site.asAdmin('PATCH', '/api/content', { json: { presidentMessage: `${message}!` } })).status).toBe(
        200,
      );
      const after = await asBrowser(path, token);
      expect(after.etag).not.toBe(before.etag);
      expect(after.json.presidentMessage).toBe(`${message}!`);
    }
  });

  it('shows a notice in the public content once it starts, with no edit', async () => {
    const message = 'Buses leave early today.';
    const startsAt = new Date(Date.now() + 3000).toISOString();
    const json = { message, level: 'info', startsAt, endsAt: inMinutes(60) };
    expect((await site.asAdmin('POST', '/api/alerts', { json })).status).toBe(201);
    const before = await asBrowser('/api/content');
    expect(before.json.alerts.map((alert: { message: string }) => alert.message)).not.toContain(message);

    const showing = async () => (await site.call('GET', '/api/alerts')).body.map((a: { message: string }) => a.message);
    await expect.poll(showing).toContain(message);
    const after = await asBrowser('/api/content');
    expect(after.etag).not.toBe(before.etag);
    expect(after.json.alerts.map((alert: { message: string }) => alert.message)).toContain(message);
  });

  it("never answers one reader's drafts to another at the same address", async () => {
    const contributor = await account('ravi', 'contributor');
    const another = await account('rita', 'contributor');
    const office = await account('olga', 'office');
    const event = (title: string) => ({ title, description: `About ${title}`, date: '2031-05-01' });
    const added = await site.asAdmin('POST', '/api/events', {
      json: { ...event("The head's draft"), status: 'draft' },
    });
    expect(added.status).toBe(201);
    expect((await site.call('POST', '/api/events', { token: contributor, json: event("Ravi's draft") })).status).toBe(
      201,
    );
    const drafts = ["The head's draft", "Ravi's draft"];
    /** The drafts among the events `token`'s reader is answered at `path` (`list`: where the answer has them). */
    const seen = async (path: string, token: string | undefined, list: 'events' | 'items' = 'events') => {
      const events: { title: string }[] = (await asBrowser(path, token)).json[list];
      return events.map((event) => event.title).filter((title) => drafts.includes(title));
    };

    // Each reader first, then the others, at each address: each sees its own answer.
    for (let round = 0; round < 2; round++) {
      expect(await seen('/api/admin/content', contributor)).toEqual(["Ravi's draft"]);
      expect(await seen('/api/admin/content', another)).toEqual([]);
      expect(await seen('/api/admin/content', site.token)).toEqual(drafts);
      expect(await seen('/api/content', undefined)).toEqual([]);
      expect(await seen('/api/content', site.token)).toEqual([]);
    }
    const pages = async (token: string) => {
      const found = [];
      for (const page of [1, 2, 3])
        found.push(...(await seen(`/api/admin/events?pageSize=200&page=${page}`, token, 'items')));
      return found.sort();
    };
    expect(await pages(site.token)).toEqual([...drafts].sort());
    expect(await pages(contributor)).toEqual(["Ravi's draft"]);
    expect(await pages(site.token)).toEqual([...drafts].sort());
    const parts = '/api/admin/content/parts?parts=events';
    expect(await seen(parts, office)).toEqual([]);
    expect(await seen(parts, site.token)).toEqual(drafts);
    expect(await seen(parts, office)).toEqual([]);
    expect((await raw('/api/admin/content', BROWSER)).status).toBe(401);
  });
});
