/**
 * `npm run bench`: starts the product on a temporary data folder and measures it. Figures are
 * printed as a table and written to bench-results/latest.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { setupAndLogin } from '../tests/support/api.ts';
import { disposeServer, startServer } from '../tests/support/server.ts';
import { measureEditToLive } from './edit-to-live.ts';

const EDITS = Number(process.env.BENCH_EDITS ?? 15);

const server = await startServer();
try {
  const token = await setupAndLogin(server.url);
  const editToLive = await measureEditToLive(server.url, token, EDITS);
  const results = { date: new Date().toISOString(), editToLive };
  console.table({
    'edit-to-live (ms)': {
      edits: EDITS,
      p50: Math.round(editToLive.p50),
      p95: Math.round(editToLive.p95),
      min: Math.round(Math.min(...editToLive.samplesMs)),
      max: Math.round(Math.max(...editToLive.samplesMs)),
    },
  });
  await mkdir('bench-results', { recursive: true });
  await writeFile('bench-results/latest.json', JSON.stringify(results, null, 2));
} finally {
  await disposeServer(server);
}
