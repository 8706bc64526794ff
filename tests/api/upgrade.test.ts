/**
 * Content of the version before publishing states (items and pages without `status` and
 * `publishAt`), as an upgraded site or the restore of an older backup has it: its items are
 * public as they were, and the server writes the file in this version's shape once, when it
 * starts, so that from then on it is as a fresh site's.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { writeLegacyShape } from '../support/legacy-shape.ts';

const site = testServer({ admin: true });
type Item = { title?: string; slug?: string; status?: string; publishAt?: string | null };

/** content.json as it is on disk. */
const stored = async (): Promise<Record<string, Item[]>> =>
  JSON.parse(await readFile(join(site.dataDir, 'content.json'), 'utf8'));

function command(args: string[]) {
  return promisify(execFile)('npm', ['run', '--silent', ...args], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir },
  });
}

/** The backup of the content in the previous version's shape, written by `npm run backup`. */
let olderBackup: string;

beforeAll(async () => {
  await site.asAdmin('POST', '/api/events', {
    json: { title: 'Sports day', description: 'Races', date: '2031-03-01' },
  });
  await site.asAdmin('POST', '/api/news', { json: { title: 'Science fair', description: 'Projects in the hall' } });
  await site.waitUntilLive();
  await site.server.stop();
  await writeLegacyShape(site.dataDir);
  olderBackup = join(site.dataDir, '..', 'older-backup.tar.gz');
  await command(['backup', '--', olderBackup]);
});

/** Each item and page of the lists that wait for publishing, on disk: all published, now. */
async function expectWrittenPublished() {
  const content = await stored();
  for (const key of ['events', 'news', 'pages']) {
    expect(content[key]!.length).toBeGreaterThan(0);
    for (const item of content[key]!) expect(item).toMatchObject({ status: 'published', publishAt: null });
  }
}

/** What visitors see: the items written by the previous version. */
async function expectPublic() {
  await site.waitUntilLive();
  expect((await site.call('GET', '/api/events')).body.map((event: Item) => event.title)).toContain('Sports day');
  expect((await site.call('GET', '/api/news')).body.map((news: Item) => news.title)).toContain('Science fair');
  const page = await (await fetch(`${site.url}/eventsnews`)).text();
  expect(page).toContain('Sports day');
  expect(page).toContain('Science fair');
}

it('starts on the previous version’s content with its items public, and writes it in this shape at once', async () => {
  expect((await stored()).events![0]).not.toHaveProperty('status');
  await site.start();
  await expectWrittenPublished();
  await expectPublic();
});

it('writes a restored backup of the previous version in this shape when the server starts on it', async () => {
  await site.server.stop();
  await command(['restore', '--', olderBackup, '--force']);
  expect((await stored()).news![0]).not.toHaveProperty('status');
  await site.start();
  await expectWrittenPublished();
  await expectPublic();
});
