/**
 * `npm run bench:start`: what a start on the data of the last build costs (an operator's restart,
 * and every end-to-end test file's server, which starts from a copy of the run's first build). The
 * default site is built once on a fresh data folder; then a server starts ROUNDS times on a copy of
 * it, and the medians are printed: the time until the home page is served, and the CPU the server
 * and each process it started took by SETTLE_MS after that (the renderer loads meanwhile).
 */
import { readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { removeFolders, startServer, tempFolders, waitForSearchIndex } from '../tests/support/server.ts';
import { percentile } from './edit-to-live.ts';
import { cpuMs } from './process-cpu.ts';
import { childrenOf } from './process-memory.ts';
import { measureStart } from './start-time.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SETTLE_MS = 4_000;

/** What a child is, from its command line. */
function kind(pid: number): string {
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  if (command.includes('publish-process')) return 'renderer';
  if (command.includes('search-process')) return 'search';
  return 'other';
}

const first = await tempFolders();
const builder = await startServer(first);
await waitForSearchIndex(builder.url);
await builder.stop();

const rounds: Record<string, number>[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const folders = await tempFolders();
  await cp(first.dataDir, folders.dataDir, { recursive: true, verbatimSymlinks: true });
  const { ms, server } = await measureStart(folders);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const pid = server.process.pid!;
  const cpu: Record<string, number> = { 'served after (ms)': Math.round(ms), 'server CPU (ms)': cpuMs(pid) };
  for (const child of childrenOf(pid)) {
    const name = `${kind(child)} CPU (ms)`;
    cpu[name] = (cpu[name] ?? 0) + cpuMs(child);
  }
  cpu['all CPU (ms)'] = Object.entries(cpu)
    .filter(([name]) => name.endsWith('CPU (ms)'))
    .reduce((sum, [, value]) => sum + value, 0);
  rounds.push(cpu);
  await server.stop();
  await removeFolders(folders.dataDir);
}
await removeFolders(first.dataDir);

const names = [...new Set(rounds.flatMap((round) => Object.keys(round)))];
console.log(`A start on the last build of the default site, median of ${ROUNDS}:`);
const median = (name: string) =>
  percentile(
    rounds.map((round) => round[name] ?? 0),
    50,
  );
for (const name of names) console.log(`  ${name}: ${median(name)}`);
