/**
 * Once per `vitest run` that includes a file of the large demo's project: the demo seeded into a
 * fresh folder, its first build made and indexed by a server that then stops (./large-demo.ts).
 * That takes minutes, so it runs beside the tests rather than before them, at the lowest CPU
 * priority so that it slows no other file: the files that need it wait for its `ready` file.
 */
import { mkdtempSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedLargeDemo } from './large-demo.ts';
import { startServer, waitForSearchIndex } from './server.ts';

/** The nice value of the seeding and of its server: the CPU the tests leave. */
const BACKGROUND = 19;

export default function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'large-demo-seeded-'));
  const seeded = {
    dataDir: join(work, 'data'),
    uploadsDir: join(work, 'uploads'),
    seededDataDir: join(work, 'as-seeded'),
    ready: join(work, 'ready.json'),
  };
  const prepared = prepare(seeded).catch((error: unknown) =>
    writeFile(seeded.ready, JSON.stringify({ error: String((error as Error).stack ?? error) })),
  );
  project.provide('largeDemo', seeded);
  return async () => {
    await prepared;
    await rm(work, { recursive: true, force: true });
  };
}

async function prepare(seeded: { dataDir: string; uploadsDir: string; seededDataDir: string; ready: string }) {
  const seedOutput = await seedLargeDemo(seeded, BACKGROUND);
  // What the seeding wrote, before the server's start changes it (its retention sweep, for one).
  await cp(seeded.dataDir, seeded.seededDataDir, { recursive: true });
  const server = await startServer({ ...seeded, priority: BACKGROUND });
  await waitForSearchIndex(server.url, 600_000);
  await server.stop();
  await writeFile(seeded.ready, JSON.stringify({ seedOutput }));
}
