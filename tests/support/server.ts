/** Starts the real product (`node admin-api/server.ts`) on a free port with its own data folders. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Reuse a data folder (to restart on the same data); a fresh one otherwise. */
  dataDir?: string;
  uploadsDir?: string;
  env?: Record<string, string>;
  /** What to run: the product (`npm start`, the default) or the dev server (`npm run dev`). */
  command?: 'start' | 'dev';
}

const COMMANDS = {
  start: { script: 'admin-api/server.ts', ready: /listening on (http:\/\/localhost:\d+)/ },
  dev: { script: 'admin-api/dev/dev-server.ts', ready: /Developing on (http:\/\/localhost:\d+)/ },
};

/** Vitest's own variables tell Astro's dev server it runs under a test, where it serves no pages. */
const withoutVitest = (env: NodeJS.ProcessEnv) =>
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
  const dataDir = options.dataDir ?? (await tempFolders()).dataDir;
  const uploadsDir = options.uploadsDir ?? join(dataDir, '..', 'uploads');
  const { script, ready } = COMMANDS[options.command ?? 'start'];
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...withoutVitest(process.env), PORT: '0', DATA_DIR: dataDir, UPLOADS_DIR: uploadsDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
      const match = ready.exec(output);
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
