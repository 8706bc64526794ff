import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { lockHolder, takeLock } from './server-lock.ts';

const moduleUrl = new URL('./server-lock.ts', import.meta.url).href;

/** Takes the lock of LOCK_DIR and says `held`, or `refused <pid>`; keeps running while it holds it. */
const HOLDER = `
const { takeLock } = await import(${JSON.stringify(moduleUrl)});
const holder = await takeLock(process.env.LOCK_DIR);
console.log(holder === null ? 'held' : 'refused ' + holder);
if (holder === null) setInterval(() => {}, 60_000);
`;

/**
 * Starts HOLDER as its child, says the child's PID once it holds the lock, then blocks forever
 * without running its event loop: a child killed now is never reaped, it stays a zombie.
 */
const NEVER_REAPS = `
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
const child = spawn(process.execPath, ['--input-type=module', '-e', process.env.HOLDER], { stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.once('data', () => {
  writeSync(1, child.pid + '\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});
`;

let dir: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'server-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** Runs `script` in a new Node process on `dir`; answers it and its first line of output. */
async function run(script: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, LOCK_DIR: dir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`exited (${code}) before saying anything`)));
  });
  return { child, line };
}

/** A process's state letter (`Z` for a zombie), where /proc tells it. */
const state = (pid: number) =>
  existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] : undefined;

it('refuses a second holder and names the first', async () => {
  const first = await run(HOLDER);
  expect(first.line).toBe('held');
  const second = await run(HOLDER);
  expect(second.line).toBe(`refused ${first.child.pid}`);
  expect(await lockHolder(dir)).toBe(first.child.pid);
});

it('is free at once when its holder is killed, even before the holder is reaped', async () => {
  const keeper = await run(NEVER_REAPS, { HOLDER });
  const pid = Number(keeper.line);
  expect(await lockHolder(dir)).toBe(pid);

  process.kill(pid, 'SIGKILL');
  if (existsSync('/proc')) {
    const deadline = Date.now() + 5_000;
    while (state(pid) !== 'Z') {
      if (Date.now() > deadline) throw new Error(`process ${pid} did not become a zombie (${state(pid)})`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  const started = Date.now();
  expect(await takeLock(dir)).toBeNull();
  expect(Date.now() - started).toBeLessThan(1_000);
  // The killed holder is still there, unreaped: a PID check would have called it alive.
  expect(() => process.kill(pid, 0)).not.toThrow();
  if (existsSync('/proc')) expect(state(pid)).toBe('Z');
  expect(await lockHolder(dir)).toBe(process.pid);
});

it('names the holder while it holds the lock, and nobody after it ends', async () => {
  expect(await lockHolder(dir)).toBeNull();
  const holder = await run(HOLDER);
  expect(await lockHolder(dir)).toBe(holder.child.pid);
  const exited = new Promise((resolve) => holder.child.once('exit', resolve));
  holder.child.kill('SIGTERM');
  await exited;
  expect(await lockHolder(dir)).toBeNull();
});
