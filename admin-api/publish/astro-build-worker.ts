/**
 * A worker thread that keeps Astro loaded and builds the site on request, off the server's event
 * loop. Each request names a content snapshot and an output folder; the pages read the snapshot
 * through SCHOOL_CONTENT_FILE (site/lib/content-source.ts). process.env is private to this thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { build } from 'astro';

export interface BuildRequest {
  id: number;
  contentFile: string;
  outDir: string;
}
export type BuildReply = { id: number; ok: true } | { id: number; ok: false; error: string };

const { root, uploadsDir, cacheDir } = workerData as {
  root: string;
  uploadsDir: string;
  cacheDir: string;
};
process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.SCHOOL_UPLOADS_DIR = uploadsDir;

parentPort?.on('message', async (request: BuildRequest) => {
  process.env.SCHOOL_CONTENT_FILE = request.contentFile;
  let reply: BuildReply;
  try {
    await build({ root, outDir: request.outDir, cacheDir, logLevel: 'error', mode: 'production' });
    reply = { id: request.id, ok: true };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
