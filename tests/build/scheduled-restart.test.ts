/**
 * A scheduled time that passes while the server is stopped (issue 20): the item is scheduled
 * through the API, the server stops before its time and starts again after it on the same
 * folders; the public API shows the item at once, and the site is live with it as soon as the
 * server says it is live (the build kept from before the stop is not served as current). The
 * server starts again with its clock set past that time (`clockJumpEnv`), as if it had been
 * stopped until then, instead of the test waiting for it.
 */
import { expect, it } from 'vitest';
import { clockJumpEnv } from '../support/clock-jump.ts';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });

const tag = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 5)
  .padEnd(5, 'q');
const NEWS = `zqrestartnews${tag}`;
const EVENT = `zqrestartevent${tag}`;
const PAGE = `zqrestartpage${tag}`;

const publicText = async (path: string) => (await fetch(site.url + path)).text();
const apiText = async () => (await Promise.all(['/api/news', '/api/events', '/api/pages'].map(publicText))).join('\n');

it('publishes at the next start what became due while the server was stopped', { timeout: 150_000 }, async () => {
  // The next minute at least 8 s away: enough to schedule, look and stop before it.
  const goLive = Math.ceil((Date.now() + 8_000) / 60_000) * 60_000;
  const publishAt = new Date(goLive).toISOString();
  const news = await site.asAdmin('POST', '/api/news', {
    json: { title: `News ${NEWS}`, description: `About ${NEWS}`, publishAt },
  });
  expect(news.status).toBe(201);
  const event = await site.asAdmin('POST', '/api/events', {
    json: { title: `Event ${EVENT}`, description: `About ${EVENT}`, date: '2031-04-01', publishAt },
  });
  expect(event.status).toBe(201);
  const page = await site.asAdmin('PUT', '/api/pages/privacy', {
    json: { title: 'Privacy', body: `The new ${PAGE} text.`, status: 'published', publishAt },
  });
  expect(page.status).toBe(200);
  await site.waitUntilLive();
  expect(await apiText()).not.toContain(tag);
  expect(await publicText('/eventsnews')).not.toContain(tag);
  expect(await publicText('/privacy')).not.toContain(PAGE);
  await site.server.stop();
  expect(Date.now()).toBeLessThan(goLive);

  const stoppedAt = Date.now();
  await site.start(clockJumpEnv(stoppedAt, goLive - stoppedAt + 1_000));
  const api = await apiText();
  for (const word of [NEWS, EVENT, PAGE]) expect(api).toContain(word);

  await site.waitUntilLive();
  const eventsNews = await publicText('/eventsnews');
  expect(eventsNews).toContain(NEWS);
  expect(eventsNews).toContain(EVENT);
  expect(await publicText('/privacy')).toContain(PAGE);
  expect(await publicText('/rss.xml')).toContain(NEWS);
  expect((await publicText('/events.ics')).replace(/\r?\n[ \t]/g, '')).toContain(EVENT);
});
