/**
 * An urgent notice on the large demo (2,000 photos, 1,000 events, 1,000 news; issue 21, item 1):
 * live on every public page crawled from the home page within seconds of saving (the goal, 2 s, is
 * the bench's: `npm run bench`, as timings in a test on a shared machine would fail at random); the
 * static /alerts.json lists it. (`npm run build` and the bucket: alerts-static.test.ts, on a fresh install,
 * as building or filling a bucket with the large site takes minutes.)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, setupAndLogin, waitUntilLive } from '../support/api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { referencedAddresses } from '../support/static-host.ts';

const run = promisify(execFile);
const MESSAGE = 'Emergency drill at 11:00: everyone gathers on the playground.';
let work: string;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'alerts-large-'));
  const folders = { dataDir: join(work, 'data'), uploadsDir: join(work, 'uploads') };
  await run(process.execPath, ['admin-api/seed-demo.ts', '--large'], {
    env: { ...process.env, PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
  });
  server = await startServer(folders);
  token = await setupAndLogin(server.url);
  await waitUntilLive(server.url, token, 240_000);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Every public page reached by following links from `/`, with its HTML. */
async function crawlPages(base: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const queue = ['/'];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await fetch(base + path);
    if (!(response.headers.get('content-type') ?? '').includes('text/html')) {
      await response.arrayBuffer();
      continue;
    }
    const html = await response.text();
    pages.set(path, html);
    for (const address of referencedAddresses(html)) {
      if (!address.startsWith('/') || address.startsWith('//') || address.startsWith('/api/')) continue;
      const next = new URL(address, base).pathname;
      if (/\.[a-z0-9]+$/i.test(next) || next.startsWith('/_astro/') || next.startsWith('/admin')) continue;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return pages;
}

const bannerOf = (html: string) => /<section id="site-alerts"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

/** Far above the goal of 2 s: a notice that takes longer is broken, not slow. */
const LIVE_WITHIN_MS = 15_000;

it('is on every crawled page of the live site within seconds of saving', {
  timeout: 300_000,
}, async () => {
  const answer = await call(server.url, 'POST', '/api/alerts', {
    token,
    json: { message: MESSAGE, level: 'emergency', endsAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect(answer.status).toBe(201);
  const saved = Date.now();
  // A deep archive page, carried over from build to build unless a change touches it.
  for (;;) {
    const html = await (await fetch(`${server.url}/eventsnews/events/past/2019`)).text();
    if (bannerOf(html).includes(MESSAGE)) break;
    expect(Date.now() - saved).toBeLessThan(LIVE_WITHIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = Date.now() - saved;
  console.log(`Emergency notice live on the large site ${elapsed} ms after the POST answered`);

  // The served build changes in one step: every page of it carries the notice.
  const pages = await crawlPages(server.url);
  expect(pages.size).toBeGreaterThan(150);
  const without = [...pages].filter(([, html]) => !bannerOf(html).includes(MESSAGE)).map(([path]) => path);
  expect(without).toEqual([]);
  const json = JSON.parse(await (await fetch(`${server.url}/alerts.json`)).text());
  expect(json.alerts.map((alert: { message: string }) => alert.message)).toEqual([MESSAGE]);
});
