/**
 * A crashed server restarts at once: killed with SIGKILL while an administrator writes, the next
 * `npm start` on the same DATA_DIR starts without waiting (the lock goes with the process, even
 * before its parent has reaped it), and every answered write is there. A second server started
 * while the first runs is still refused.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { call, setupAndLogin } from '../support/api.ts';
import { copyFirstBuild } from '../support/first-build.ts';
import { type RunningServer, removeFolders, startServer, tempFolders } from '../support/server.ts';

const ROUNDS = 5;
const folders = await tempFolders();
const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.kill();
  await removeFolders(folders.dataDir);
});

/**
 * Waits, blocking this process, until a process other than `previous` holds the lock of the data
 * folder; answers its PID. While this process does not run its event loop, it reaps no child: the
 * server killed just before stays a zombie, as a killed server whose parent is busy does.
 */
function waitForNewHolder(previous: number): number {
  const lockModule = new URL('../../admin-api/backup/server-lock.ts', import.meta.url).href;
  const script = `
    const { lockHolder } = await import(${JSON.stringify(lockModule)});
    const deadline = Date.now() + 20_000;
    for (;;) {
      const holder = await lockHolder(process.env.DATA_DIR);
      if (holder !== null && holder !== ${previous}) { console.log(holder); break; }
      if (Date.now() > deadline) throw new Error('No new server took the lock');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, DATA_DIR: folders.dataDir },
    encoding: 'utf8',
  });
  return Number(output.trim());
}

/** Two lanes of writes, without pause, until the server dies; adds the titles answered 201 to `answered`. */
async function writeUntilKilled(base: string, token: string, round: number, answered: string[]): Promise<void> {
  const writer = async (lane: number) => {
    for (let i = 0; ; i++) {
      const title = `Round ${round} lane ${lane} write ${i}`;
      const answer = await call(base, 'POST', '/api/events', {
        token,
        json: { title, description: 'Written before a kill -9', date: '2031-02-01' },
      }).catch(() => null);
      if (!answer) return;
      expect(answer.status).toBe(201);
      answered.push(title);
    }
  };
  await Promise.all([writer(0), writer(1)]);
}

it(`restarts at once after kill -9 during writes, ${ROUNDS} times, keeping every answered write`, {
  timeout: 5 * 60_000,
}, async () => {
  // As a restarted server: the default site is served at once, not built first.
  await copyFirstBuild(folders.dataDir);
  let server = await startServer(folders);
  running.push(server);
  const token = await setupAndLogin(server.url);

  const second = await startServer(folders).then(
    (started) => {
      running.push(started);
      return 'started';
    },
    (error: Error) => error.message,
  );
  expect(second).toMatch(/^The server exited \(1\) before listening:/);
  expect(second).toContain(`Another server (process ${server.process.pid}) is running on ${folders.dataDir}`);

  const answered: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = answered.length;
    const writing = writeUntilKilled(server.url, token, round, answered);
    const someAnswered = (async () => {
      while (answered.length < before + 5) await new Promise((resolve) => setTimeout(resolve, 5));
    })();
    await Promise.race([writing, someAnswered]);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));

    const killed = server.process.pid!;
    server.process.kill('SIGKILL');
    const next = startServer(folders);
    next.catch(() => {}); // awaited below
    let holder: number;
    try {
      holder = waitForNewHolder(killed);
    } catch (error) {
      await next; // says why the new server did not start
      throw error;
    }
    // The new server took the lock while the killed one was not yet reaped.
    expect(() => process.kill(killed, 0)).not.toThrow();
    expect(holder).not.toBe(killed);

    server = await next;
    running.push(server);
    expect(server.process.pid).toBe(holder);
    expect(server.output()).not.toContain('Another server');
    await writing;

    const events = await call<{ title: string }[]>(server.url, 'GET', '/api/events');
    expect(events.status).toBe(200);
    expect(events.body.map((event) => event.title)).toEqual(expect.arrayContaining(answered));
  }
  console.log(`restart after kill: ${ROUNDS} kills, ${answered.length} answered writes kept`);
});
