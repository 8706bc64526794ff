/**
 * `npm run seed:demo -- --large`: ten years of a school in an empty data folder; a used one is
 * refused. The run seeds the demo once (tests/support/large-demo-setup.ts); this file reads what
 * that seeding printed and wrote.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { LARGE_DEMO_START_MS, type SeededDemo, seededLargeDemo } from '../support/large-demo.ts';

const run = promisify(execFile);
let seeded: SeededDemo;
beforeAll(async () => {
  seeded = await seededLargeDemo();
}, LARGE_DEMO_START_MS);
const stored = async (file: string) => JSON.parse(await readFile(join(seeded.seededDataDir, file), 'utf8'));

it('writes 1,000 news, 1,000 events, 2,000 distinct gallery photos and 5,000 alumni registrations', async () => {
  expect(seeded.seedOutput).toMatch(/Demo content written/);
  const content = await stored('content.json');
  expect(content.news).toHaveLength(1_000);
  expect(content.events).toHaveLength(1_000);
  expect(content.gallery).toHaveLength(2_000);
  expect((await stored('alumni.json')).alumni).toHaveLength(5_000);
  expect(new Set(content.events.map((event: { _id: string }) => event._id)).size).toBe(1_000);
  expect(new Set(content.events.map((event: { title: string }) => event.title)).size).toBe(1_000);
  // Each photo a separate upload, as a school's are.
  expect(new Set(content.gallery.map((photo: { imageId: string }) => photo.imageId)).size).toBe(2_000);
});

it('refuses the folder it has filled, and says why', async () => {
  // A copy of the filled folder's files, so that the run's seeded demo stays as it is for the others.
  const work = await mkdtemp(join(tmpdir(), 'seeded-copy-'));
  try {
    const files = (await readdir(seeded.seededDataDir, { withFileTypes: true })).filter((entry) => entry.isFile());
    await Promise.all(files.map(({ name }) => copyFile(join(seeded.seededDataDir, name), join(work, name))));
    const failure = await run(process.execPath, ['admin-api/seed-demo.ts', '--large'], {
      env: { ...process.env, PORT: '0', DATA_DIR: work, UPLOADS_DIR: join(work, 'uploads') },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/already has content/);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
