/**
 * The product started on the large demo's data (`npm run seed:demo -- --large --languages`: 2,000
 * distinct photos, 1,000 events, 1,000 news, in English, Hindi and Arabic), with an administrator
 * signed in and the first build live: for the tests that look at every page of a realistic site.
 *
 * The demo is seeded, built and indexed once per test run (./large-demo-setup.ts, the global
 * set-up of the Vitest project holding these tests); each test file starts its server on a copy.
 * The uploads are hard links to the seeded ones: the product writes an upload's file once, under a
 * new name, and never writes over one.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { setupAndLogin, waitUntilLive } from './api.ts';
import { type RunningServer, startServer } from './server.ts';

const run = promisify(execFile);
/**
 * How many photo files the demo's 2,000 gallery photos share: the same pages as with a file each,
 * from a tenth of the drawing. `npm run test:long` runs `seed:demo -- --large` as the docs write
 * it, a file a photo; admin-api/demo-large.test.ts checks that the files drawn are distinct.
 */
export const DISTINCT_PHOTOS = 200;
/** Seeding, building and indexing the demo, then starting on a copy, take minutes on a busy 2-core machine. */
export const LARGE_DEMO_START_MS = 600_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's large demo (./large-demo-setup.ts): its folders, and the file written once it is ready. */
    largeDemo: { dataDir: string; uploadsDir: string; seededDataDir: string; ready: string };
  }
}

export interface SeededDemo {
  /** The data once a server has built and indexed it. */
  dataDir: string;
  uploadsDir: string;
  /** The data folder as `npm run seed:demo -- --large` wrote it, before any server started on it. */
  seededDataDir: string;
  /** What `npm run seed:demo -- --large` printed. */
  seedOutput: string;
}

/** The run's seeded, built and indexed large demo, once it is ready: not to be changed, only copied. */
export async function seededLargeDemo(): Promise<SeededDemo> {
  const { dataDir, uploadsDir, seededDataDir, ready } = inject('largeDemo');
  const deadline = Date.now() + LARGE_DEMO_START_MS;
  for (;;) {
    const written = await readFile(ready, 'utf8').catch(() => null);
    if (written) {
      const outcome: { seedOutput?: string; error?: string } = JSON.parse(written);
      if (outcome.error !== undefined) throw new Error(`Seeding the large demo failed: ${outcome.error}`);
      return { dataDir, uploadsDir, seededDataDir, seedOutput: outcome.seedOutput ?? '' };
    }
    if (Date.now() > deadline) throw new Error(`The large demo was not ready in ${LARGE_DEMO_START_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface LargeDemo {
  server: RunningServer;
  /** An administrator's token. */
  token: string;
  /** Stops the server and removes its folders. */
  dispose(): Promise<void>;
}

/**
 * Seeds the large demo in three languages into `folders` (empty), as `npm run seed:demo -- --large
 * --languages` does (with `DISTINCT_PHOTOS` photo files), at the CPU priority `priority` (a nice
 * value); answers what it printed.
 */
export async function seedLargeDemo(folders: { dataDir: string; uploadsDir: string }, priority = 0): Promise<string> {
  const seeding = run(
    process.execPath,
    ['admin-api/seed-demo.ts', '--large', '--languages', `--distinct-photos=${DISTINCT_PHOTOS}`],
    {
      env: { ...process.env, PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
    },
  );
  if (priority && seeding.child.pid) setPriority(seeding.child.pid, priority);
  return (await seeding).stdout;
}

export async function startLargeDemo(): Promise<LargeDemo> {
  const seeded = await seededLargeDemo();
  const work = await mkdtemp(join(tmpdir(), 'large-demo-'));
  const folders = { dataDir: join(work, 'data'), uploadsDir: join(work, 'uploads') };
  try {
    await cp(seeded.dataDir, folders.dataDir, { recursive: true, verbatimSymlinks: true });
    await run('cp', ['-al', seeded.uploadsDir, folders.uploadsDir]);
    const server = await startServer(folders);
    const token = await setupAndLogin(server.url);
    await waitUntilLive(server.url, token, 240_000);
    return {
      server,
      token,
      dispose: async () => {
        await server.stop();
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
