/**
 * `npm start` stopped as a container runtime or a process manager stops it: SIGTERM to the npm
 * process alone (what `docker stop` sends to PID 1), or to its whole process group (systemd,
 * Ctrl-C at a terminal). The server must hear it, finish the writes in flight, end its children,
 * and npm must return only once every one of them has.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call, setupAndLogin, waitUntilLive } from '../support/api.ts';
import { copyFirstBuild } from '../support/first-build.ts';
import { event } from '../support/fixtures.ts';
import { disposeServer, startServer, tempFolders, withoutVitest } from '../support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The server's own limit for the writes in flight is 10 s; npm returning later has hung. */
const NPM_RETURNS_MS = 30_000;

interface NpmStart {
  npm: ChildProcess;
  url: string;
  exited: Promise<void>;
}

/** `npm start` in a process group of its own (as a container's PID 1 or a service has). */
async function npmStart(folders: { dataDir: string; uploadsDir: string }): Promise<NpmStart> {
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...withoutVitest(process.env), PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
    npm.once('exit', (code) => reject(new Error(`npm start exited (${code}) before listening:\n${output}`)));
  });
  return { npm, url, exited };
}

/** The parent of process `pid` while it runs; null once it has ended (or ended and waits to be reaped). */
function runningParent(pid: number | string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? null : Number(parent);
  } catch {
    return null;
  }
}

/** The processes below `pid` that still run. */
function runningDescendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const parent = /^\d+$/.test(name) ? runningParent(name) : null;
    if (parent !== null) parents.set(Number(name), parent);
  }
  const below = (parent: number): number[] =>
    [...parents].filter(([, of]) => of === parent).flatMap(([child]) => [child, ...below(child)]);
  return below(pid);
}

/** The processes of `pids` that still run. */
const stillRunning = (pids: number[]) => pids.filter((pid) => runningParent(pid) !== null);

/**
 * Starts `npm start`, writes 20 events while `stop` signals it, and answers what ran under npm
 * before the stop, what of it still ran when npm returned, and which writes were answered.
 */
async function stopDuringWrites(stop: (npm: ChildProcess) => void) {
  const folders = await tempFolders();
  // As a restarted server: the default site is served at once, not built first.
  await copyFirstBuild(folders.dataDir);
  const { npm, url, exited } = await npmStart(folders);
  const token = await setupAndLogin(url);
  await waitUntilLive(url, token);
  const processes = runningDescendants(npm.pid!);
  const writes = Array.from({ length: 20 }, (_, i) =>
    call(url, 'POST', '/api/events', { token, json: event(`Event ${i}`) })
      .then((answer) => answer.status)
      .catch(() => 0),
  );
  // The first write is answered: the rest are in flight or still arriving when the signal comes.
  await writes[0];
  stop(npm);
  const npmReturned = await Promise.race([exited.then(() => true), delay(NPM_RETURNS_MS).then(() => false)]);
  const leftRunning = stillRunning(processes);
  // Whatever is left (npm too, if it never returned) would hold the port and the data folder.
  for (const pid of [...leftRunning, npm.pid!]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already ended
    }
  }
  const statuses = await Promise.all(writes);
  return { folders, processes, npmReturned, leftRunning, statuses };
}

async function expectAnsweredWritesKept(folders: { dataDir: string; uploadsDir: string }, statuses: number[]) {
  const answered = statuses.flatMap((status, i) => (status === 201 ? [`Event ${i}`] : []));
  expect(answered.length).toBeGreaterThan(0);
  const restarted = await startServer(folders);
  const content = await call(restarted.url, 'GET', '/api/content');
  const kept = content.body.events.map((stored: { title: string }) => stored.title);
  expect(kept).toEqual(expect.arrayContaining(answered));
  await disposeServer(restarted);
}

// Two servers a test, one after the other: npm start, then a restart on its data.
const BOTH_SERVERS_MS = 180_000;

describe('npm start', () => {
  it(
    'stops its server on SIGTERM to npm alone, returning once the server and its children have ended',
    async () => {
      const run = await stopDuringWrites((npm) => npm.kill('SIGTERM'));
      // The server and its renderer at least.
      expect(run.processes.length).toBeGreaterThanOrEqual(2);
      expect(run.npmReturned).toBe(true);
      expect(run.leftRunning).toEqual([]);
      expect(run.statuses.every((status) => status === 201 || status === 0)).toBe(true);
      await expectAnsweredWritesKept(run.folders, run.statuses);
    },
    BOTH_SERVERS_MS,
  );

  it(
    'stops the same way on SIGTERM to its whole process group',
    async () => {
      const run = await stopDuringWrites((npm) => process.kill(-npm.pid!, 'SIGTERM'));
      expect(run.npmReturned).toBe(true);
      expect(run.leftRunning).toEqual([]);
      await expectAnsweredWritesKept(run.folders, run.statuses);
    },
    BOTH_SERVERS_MS,
  );

  it(
    'stops on SIGINT to npm alone',
    async () => {
      const run = await stopDuringWrites((npm) => npm.kill('SIGINT'));
      expect(run.npmReturned).toBe(true);
      expect(run.leftRunning).toEqual([]);
      await expectAnsweredWritesKept(run.folders, run.statuses);
    },
    BOTH_SERVERS_MS,
  );
});
