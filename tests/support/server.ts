/** Starts the real product (`npm start`) on a free port with its own data folders. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFirstBuild, startsFromFirstBuild } from './first-build.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  uploadsDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /**
   * Reuse a data folder (to restart on the same data); otherwise a fresh one, holding the run's
   * first build (./first-build.ts) when the settings build the same site.
   */
  dataDir?: string;
  uploadsDir?: string;
  env?: Record<string, string>;
  /** What to run: the product (`npm start`, the default) or the dev server (`npm run dev`). */
  command?: 'start' | 'dev';
  /** The server's CPU priority (a nice value, inherited by its renderer and search processes); 0 unless given. */
  priority?: number;
}

const READY = {
  start: /listening on (http:\/\/localhost:\d+)/,
  dev: /Developing on (http:\/\/localhost:\d+)/,
};

/**
 * What `npm run <name>` runs (`[NAME=value …] [exec] node <script>`), to run it the same way without
 * npm in between: the script and the variables it sets.
 */
function npmScript(name: string): { script: string; env: Record<string, string> } {
  const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
  const words = (scripts[name] ?? '').trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0 || !words[node + 1]) throw new Error(`npm run ${name} does not run one node script: ${scripts[name]}`);
  const assignments = words.slice(0, node).filter((word) => word !== 'exec');
  const env = Object.fromEntries(assignments.map((word) => word.split('=', 2) as [string, string]));
  return { script: words[node + 1]!, env };
}

/** Vitest's own variables tell Astro's dev server it runs under a test, where it serves no pages. */
export const withoutVitest = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')));

/** A fresh temporary folder for a server's `data` and `uploads` (both made by the server itself). */
export async function tempFolders(): Promise<{ dataDir: string; uploadsDir: string }> {
  const base = await mkdtemp(join(tmpdir(), 'school-test-'));
  return { dataDir: join(base, 'data'), uploadsDir: join(base, 'uploads') };
}

/** Removes the temporary folder that holds `dataDir` (and the uploads beside it). */
export function removeFolders(dataDir: string): Promise<void> {
  return rm(join(dataDir, '..'), { recursive: true, force: true });
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const command = options.command ?? 'start';
  const dataDir = options.dataDir ?? (await tempFolders()).dataDir;
  if (!options.dataDir && command === 'start' && startsFromFirstBuild(options.env)) await copyFirstBuild(dataDir);
  const uploadsDir = options.uploadsDir ?? join(dataDir, '..', 'uploads');
  const { script, env } = npmScript(command);
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: {
      ...withoutVitest(process.env),
      ...env,
      PORT: '0',
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.priority && child.pid) setPriority(child.pid, options.priority);
  let output = '';
  let listening = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A server that fails once listening fails the test that used it: say why, where the runner shows it.
  // (128 and above: ended by a signal a test sent, as a shell reports it.)
  child.once('exit', (code) => {
    if (listening && code !== null && code !== 0 && code < 128) {
      console.error(`The server on ${dataDir} failed (exit ${code}):\n${output}`);
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY[command].exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The server exited (${code}) before listening:\n${output}`)));
  });
  listening = true;
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    dataDir,
    uploadsDir,
    process: child,
    output: () => output,
    stop: () => stopWith('SIGTERM'),
    kill: () => stopWith('SIGKILL'),
  };
}

/** Stops the server and removes its folders. */
export async function disposeServer(server: RunningServer): Promise<void> {
  await server.stop();
  await removeFolders(server.dataDir);
}

/** Waits until the server at `url` serves its site search's index (made after the first build is live). */
export async function waitForSearchIndex(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${url}/pagefind/pagefind-entry.json`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`The search index was not made in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
