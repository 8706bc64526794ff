import { describe, expect, it } from 'vitest';
import { asPublic, PUBLISHED, writtenBy } from './api/helpers.ts';
import { call, setupAndLogin, waitUntilLive } from './support/api.ts';
import { testServer } from './support/harness.ts';
import { disposeServer, startServer } from './support/server.ts';

const site = testServer({ admin: true });

const sportsDay = { title: 'Sports day', description: 'Races and games for all classes', date: '2026-12-05' };

describe('the server', () => {
  it('serves the home page and the content on one origin', async () => {
    const home = await fetch(site.url + '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const content = await site.call('GET', '/api/content');
    expect(content.status).toBe(200);
    expect(content.body.events).toEqual([]);
    expect(content.body.presidentMessage).toMatch(/Welcome/);
  });

  it("answers unknown pages with the site's 404 page and unknown API calls with JSON", async () => {
    const page = await fetch(site.url + '/no-such-page');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Page not found');
    const api = await site.call('GET', '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: expect.any(String) });
  });

  it('compresses pages, revalidates them with ETag and caches hashed assets for a year', async () => {
    const page = await fetch(site.url + '/', { headers: { 'Accept-Encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag')!;
    const again = await fetch(site.url + '/', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);

    const html = await (await fetch(site.url + '/admin')).text();
    const asset = /(\/_astro\/[^"]+\.js)/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(site.url + asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('refuses administrator calls without a valid token with 401 JSON', async () => {
    for (const auth of [undefined, 'garbage', site.token.slice(0, -3) + 'abc']) {
      const answer = await site.call('POST', '/api/events', {
        json: sportsDay,
        headers: auth ? { Authorization: `Bearer ${auth}` } : {},
      });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await site.call('GET', '/api/admin/build-status')).status).toBe(401);
    expect((await site.call('GET', '/api/content')).body.events).toEqual([]);
  });

  it('does not let the setup create a second administrator without a token', async () => {
    const answer = await site.call('POST', '/api/admin/create', {
      json: { username: 'intruder', password: 'intruder123' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/already exists/);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await site.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'nope' } });
    const unknown = await site.call('POST', '/api/admin/login', {
      json: { username: 'nobody', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown).toMatchObject({ status: 401, body: wrong.body });
  });

  it('adds an event, answers the events list, and publishes it', async () => {
    const added = await site.asAdmin('POST', '/api/events', { json: sportsDay });
    expect(added.status).toBe(201);
    expect(added.body).toEqual([
      {
        ...sportsDay,
        _id: expect.any(String),
        time: '',
        location: '',
        image: null,
        ...PUBLISHED,
        ...writtenBy('admin'),
      },
    ]);
    expect((await site.call('GET', '/api/content')).body.events).toEqual(added.body.map(asPublic));

    await site.waitUntilLive();
    const status = await site.asAdmin('GET', '/api/admin/build-status');
    expect(status.body).toMatchObject({ state: 'ok', live: true, error: null });
    const page = await (await fetch(site.url + '/eventsnews')).text();
    expect(page).toContain('Sports day');
  });

  it('refuses an event without its required fields and changes nothing', async () => {
    const before = (await site.call('GET', '/api/content')).body;
    const answer = await site.asAdmin('POST', '/api/events', { json: { title: 'No date' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
    expect((await site.call('GET', '/api/content')).body).toEqual(before);
  });

  it('finishes the writes in flight on SIGTERM: every answered write is kept', async () => {
    const other = await startServer();
    const otherToken = await setupAndLogin(other.url);
    const writes = Array.from({ length: 20 }, (_, i) =>
      call(other.url, 'POST', '/api/events', { token: otherToken, json: { ...sportsDay, title: `Event ${i}` } })
        .then((answer) => answer.status)
        .catch(() => 0),
    );
    // Stop while the writes are still arriving.
    await new Promise((resolve) => setTimeout(resolve, 5));
    other.process.kill('SIGTERM');
    const statuses = await Promise.all(writes);
    await other.stop();
    expect(other.process.exitCode).toBe(0);
    expect(statuses.every((status) => status === 201 || status === 0)).toBe(true);

    const restarted = await startServer({ dataDir: other.dataDir, uploadsDir: other.uploadsDir });
    const content = await call(restarted.url, 'GET', '/api/content');
    const kept = content.body.events.map((event: { title: string }) => event.title);
    const answered = statuses.flatMap((status, i) => (status === 201 ? [`Event ${i}`] : []));
    expect(answered.length).toBeGreaterThan(0);
    expect(kept).toEqual(expect.arrayContaining(answered));
    await disposeServer(restarted);
  });

  it('runs side by side with another server without touching its files', async () => {
    const [a, b] = await Promise.all([startServer(), startServer()]);
    const [tokenA, tokenB] = await Promise.all([setupAndLogin(a.url), setupAndLogin(b.url)]);
    await Promise.all([
      call(a.url, 'POST', '/api/events', { token: tokenA, json: { ...sportsDay, title: 'Only on A' } }),
      call(b.url, 'POST', '/api/events', { token: tokenB, json: { ...sportsDay, title: 'Only on B' } }),
    ]);
    await Promise.all([waitUntilLive(a.url, tokenA), waitUntilLive(b.url, tokenB)]);
    const [pageA, pageB] = await Promise.all([a, b].map(async (s) => (await fetch(s.url + '/eventsnews')).text()));
    expect(pageA).toContain('Only on A');
    expect(pageA).not.toContain('Only on B');
    expect(pageB).toContain('Only on B');
    expect(pageB).not.toContain('Only on A');
    await Promise.all([disposeServer(a), disposeServer(b)]);
  });
});
