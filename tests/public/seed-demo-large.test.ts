/** `npm run seed:demo -- --large`: ten years of a school in an empty data folder; a used one is refused. */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const run = promisify(execFile);
const site = testServer({ start: false });

const seed = () =>
  run(process.execPath, ['admin-api/seed-demo.ts', '--large'], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir, PORT: '0' },
  });
const stored = async (file: string) => JSON.parse(await readFile(join(site.dataDir, file), 'utf8'));

// Writing 2,000 distinct photos takes half a minute on a quiet 2-core machine.
it('writes 1,000 news, 1,000 events, 2,000 distinct gallery photos and 5,000 alumni registrations', {
  timeout: 300_000,
}, async () => {
  const { stdout } = await seed();
  expect(stdout).toMatch(/Demo content written/);
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
  const failure = await seed().then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toMatch(/already has content/);
});
