/** A data file that does not parse or does not fit its schema: the server names it, keeps it, and stops. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, setupAndLogin } from '../support/api.ts';
import { disposeServer, type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  const token = await setupAndLogin(server.url);
  await call(server.url, 'POST', '/api/events', {
    token,
    json: { title: 'Sports day', description: 'Races', date: '2031-03-01' },
  });
  await server.stop();
});
afterAll(() => disposeServer(server));

/** Starts the server on the same folders; answers how it ended and what it printed. */
async function startOnDamagedData(): Promise<{ exitCode: number | null; output: string }> {
  try {
    server = await startServer({ dataDir: server.dataDir, uploadsDir: server.uploadsDir });
  } catch (error) {
    const message = (error as Error).message;
    const exited = /^The server exited \((\w+)\) before listening:\n([\s\S]*)$/.exec(message);
    if (!exited) throw error;
    return { exitCode: Number(exited[1]), output: exited[2]! };
  }
  await server.stop();
  throw new Error('The server started on a damaged data file');
}

it('stops with status 1 on a truncated content.json, names it, and leaves it as it was', async () => {
  const file = join(server.dataDir, 'content.json');
  const whole = await readFile(file, 'utf8');
  const truncated = whole.slice(0, Math.floor(whole.length / 2));
  await writeFile(file, truncated);

  const { exitCode, output } = await startOnDamagedData();
  expect(exitCode).toBe(1);
  expect(output).toContain(`The server cannot start: ${file} is damaged.`);
  expect(output).toMatch(/What is wrong: it is not valid JSON \(.+\)\./);
  expect(output).toMatch(/backup/);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/Error:/);
  expect(await readFile(file, 'utf8')).toBe(truncated);

  await writeFile(file, whole);
  server = await startServer({ dataDir: server.dataDir, uploadsDir: server.uploadsDir });
  expect((await call(server.url, 'GET', '/api/content')).body.events[0].title).toBe('Sports day');
  await server.stop();
});

it('names an accounts file that does not fit its schema, and where', async () => {
  const file = join(server.dataDir, 'admins.json');
  const stored = JSON.parse(await readFile(file, 'utf8'));
  stored.admins[0].createdAt = 'yesterday';
  const damaged = JSON.stringify(stored);
  await writeFile(file, damaged);

  const { exitCode, output } = await startOnDamagedData();
  expect(exitCode).toBe(1);
  expect(output).toContain(`${file} is damaged.`);
  expect(output).toMatch(/What is wrong: it does not hold valid data \(at admins\[0\]\.createdAt: .+\)\./);
  expect(output).not.toMatch(/^\s+at /m);
  expect(await readFile(file, 'utf8')).toBe(damaged);
});
