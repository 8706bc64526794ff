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
import { DISTINCT_PHOTOS, LARGE_DEMO_START_MS, type SeededDemo, seededLargeDemo } from '../support/large-demo.ts';

const run = promisify(execFile);
let seeded: SeededDemo;
beforeAll(async () => {
  seeded = await seededLargeDemo();
}, LARGE_DEMO_START_MS);
const stored = async (file: string) => JSON.parse(await readFile(join(seeded.seededDataDir, file), 'utf8'));

it('writes 1,000 news, 1,000 events, 2,000 gallery photos and 5,000 alumni registrations', async () => {
  expect(seeded.seedOutput).toMatch(/Demo content written/);
  const content = await stored('content.json');
  expect(content.news).toHaveLength(1_000);
  expect(content.events).toHaveLength(1_000);
  expect(content.gallery).toHaveLength(2_000);
  expect((await stored('alumni.json')).alumni).toHaveLength(5_000);
  expect(new Set(content.events.map((event: { _id: string }) => event._id)).size).toBe(1_000);
  expect(new Set(content.events.map((event: { title: string }) => event.title)).size).toBe(1_000);
  // The photos share the files drawn (--distinct-photos), each of them a separate upload.
  expect(new Set(content.gallery.map((photo: { imageId: string }) => photo.imageId)).size).toBe(DISTINCT_PHOTOS);
  expect(seeded.seedOutput).toContain(`Drawing ${DISTINCT_PHOTOS} distinct photos`);
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

it('refuses an option it does not know, or photo files it cannot draw, and writes nothing', async () => {
  const work = await mkdtemp(join(tmpdir(), 'seed-options-'));
  try {
    const refusal = (...args: string[]) =>
      run(process.execPath, ['admin-api/seed-demo.ts', ...args], {
        env: { ...process.env, PORT: '0', DATA_DIR: join(work, 'data'), UPLOADS_DIR: join(work, 'uploads') },
      }).then(
        () => ({ code: 0, stderr: '' }),
        ({ code, stderr }: { code: number; stderr: string }) => ({ code, stderr: stderr.trim() }),
      );
    expect(await refusal('--larg')).toEqual({ code: 1, stderr: expect.stringMatching(/Unknown option '--larg'/) });
    expect(await refusal('--distinct-photos=20')).toEqual({
      code: 1,
      stderr: '--distinct-photos goes with --large or --limit.',
    });
    for (const wrong of ['0', '2001', 'many', '']) {
      expect(await refusal('--large', `--distinct-photos=${wrong}`)).toEqual({
        code: 1,
        stderr: `--distinct-photos takes a whole number from 1 to 2,000, not "${wrong}".`,
      });
    }
    expect(await readdir(work)).toEqual([]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
