/**
 * An urgent notice on the large demo (2,000 photos, 1,000 events, 1,000 news; issue 21, item 1):
 * live on every public page crawled from the home page within seconds of saving (the goal, 2 s, is
 * the bench's: `npm run bench`, as timings in a test on a shared machine would fail at random); the
 * static /alerts.json lists it. (`npm run build` and the bucket: alerts-static.test.ts, on a fresh install,
 * as building or filling a bucket with the large site takes minutes.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { crawlPages } from '../support/crawl-pages.ts';
import { LARGE_DEMO_START_MS, type LargeDemo, startLargeDemo } from '../support/large-demo.ts';
import type { RunningServer } from '../support/server.ts';

const MESSAGE = 'Emergency drill at 11:00: everyone gathers on the playground.';
let demo: LargeDemo;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  demo = await startLargeDemo();
  ({ server, token } = demo);
}, LARGE_DEMO_START_MS);

afterAll(() => demo?.dispose());

const bannerOf = (html: string) => /<section id="site-alerts"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

/** Far above the goal of 2 s: a notice that takes longer is broken, not slow. */
const LIVE_WITHIN_MS = 45_000;

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
