/**
 * A child process that keeps Astro loaded and builds the site on request, away from the server's
 * event loop. Each request names a content snapshot and an output folder; the pages read the
 * snapshot through SCHOOL_CONTENT_FILE (site/lib/content-source.ts).
 *
 * Astro bundles the pages into a temporary module that Node must import with the project's
 * node_modules in reach, so a build first goes to a private staging folder inside the project
 * and is then moved to where it was asked for.
 */
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { build } from 'astro';

export interface BuildRequest {
  id: number;
  contentFile: string;
  outDir: string;
  cacheDir: string;
}
export type BuildReply = { id: number; ok: true } | { id: number; ok: false; error: string };

const root = process.cwd();
const stagingRoot = join(root, '.astro', 'builds');
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// Without the server there is nobody to build for.
process.on('disconnect', () => process.exit(0));

process.on('message', async (request: BuildRequest) => {
  process.env.SCHOOL_CONTENT_FILE = request.contentFile;
  const staging = join(stagingRoot, `${process.pid}-${request.id}`);
  let reply: BuildReply;
  try {
    await build({ root, outDir: staging, cacheDir: request.cacheDir, logLevel: 'error', mode: 'production' });
    await move(staging, request.outDir);
    reply = { id: request.id, ok: true };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply);
});

async function move(from: string, to: string) {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

await removeAbandonedStaging();

/** Staging folders of build processes that were killed mid-build. */
async function removeAbandonedStaging() {
  for (const name of await readdir(stagingRoot).catch(() => [])) {
    const pid = Number(name.split('-')[0]);
    if (!isRunning(pid)) await rm(join(stagingRoot, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
