/** `npm run seed:demo`: an empty data folder becomes a populated site; a used one is refused. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { splitEvents } from '../../site/lib/schedule.ts';
import { setupAndLogin } from '../support/api.ts';
import { testServer } from '../support/harness.ts';
import { school } from './default-school.ts';

const run = promisify(execFile);
const site = testServer({ start: false });

const seed = () =>
  run(process.execPath, ['admin-api/seed-demo.ts'], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir, PORT: '0' },
  });

it('fills an empty data folder, and the server builds a populated site from it', async () => {
  const { stdout } = await seed();
  expect(stdout).toMatch(/Demo content written/);

  await site.start();
  const content = (await site.call('GET', '/api/content')).body;
  expect(content.logos).toHaveLength(1);
  expect(content.gallery.length).toBeGreaterThan(0);
  expect(content.homegallery.length).toBeGreaterThan(0);
  expect(new Set(content.news.map((news: { priority: string }) => news.priority))).toEqual(
    new Set(['low', 'medium', 'high']),
  );
  const { upcoming, past } = splitEvents(content.events, new Date(), school.timeZone);
  expect(upcoming.length).toBeGreaterThan(0);
  expect(past.length).toBeGreaterThan(0);
  expect(content.presidentImage).not.toBeNull();

  const gallery = await (await fetch(`${site.url}/gallery`)).text();
  expect(gallery).toContain(`${content.gallery.length} photos`);
  expect(gallery).toContain(content.gallery[0].caption);
  const image = await fetch(`${site.url}/api/image/${content.gallery[0].imageId}?w=320`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/webp');

  // Every picture has its text alternative: the dashboard opens on nothing to fix.
  const token = await setupAndLogin(site.url);
  expect((await site.call('GET', '/api/admin/accessibility', { token })).body).toEqual([]);
  const leadership = await (await fetch(`${site.url}/about/leadership`)).text();
  expect(leadership).toContain(`alt="A drawn portrait of ${content.settings.leaderNames.president}"`);
  await site.server.stop();
});

it('refuses a data folder that already has content, and says why', async () => {
  const failure = await seed().then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toMatch(/already has content/);
});
