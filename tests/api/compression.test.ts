/**
 * JSON answers of the API are compressed when the request accepts it (brotli first, then gzip),
 * decode to the same JSON, and say `Vary: Accept-Encoding`; without Accept-Encoding they are sent
 * as they are. A compressed answer keeps the ETag of the version, which (weak or strong) still
 * protects a save from overwriting a change made meanwhile.
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
