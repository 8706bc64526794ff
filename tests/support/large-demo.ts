/**
 * The product started on the large demo's data (`npm run seed:demo -- --large`: 2,000 distinct
 * photos, 1,000 events, 1,000 news), seeded into a temporary folder, with an administrator signed
 * in and the first build live: for the tests that look at every page of a realistic site.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setupAndLogin, waitUntilLive } from './api.ts';
import { type RunningServer, startServer } from './server.ts';

const run = promisify(execFile);
/** Seeding and the first build of the large site take minutes on a busy 2-core machine. */
export const LARGE_DEMO_START_MS = 600_000;

export interface LargeDemo {
  server: RunningServer;
  /** An administrator's token. */
  token: string;
  /** Stops the server and removes its folders. */
  dispose(): Promise<void>;
}

export async function startLargeDemo(): Promise<LargeDemo> {
  const work = await mkdtemp(join(tmpdir(), 'large-demo-'));
  const folders = { dataDir: join(work, 'data'), uploadsDir: join(work, 'uploads') };
  try {
    await run(process.execPath, ['admin-api/seed-demo.ts', '--large'], {
      env: { ...process.env, PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
    });
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
