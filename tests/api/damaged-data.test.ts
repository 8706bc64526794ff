/** A data file that does not parse or does not fit its schema: the server names it, keeps it, and stops. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
beforeAll(async () => {
  await site.asAdmin('POST', '/api/events', {
    json: { title: 'Sports day', description: 'Races', date: '2031-03-01' },
  });
  await site.server.stop();
});

/** Starts the server on the same folders; answers how it ended and what it printed. */
async function startOnDamagedData(): Promise<{ exitCode: number | null; output: string }> {
  try {
    await site.start();
  } catch (error) {
    const message = (error as Error).message;
    const exited = /^The server exited \((\w+)\) before listening:\n([\s\S]*)$/.exec(message);
    if (!exited) throw error;
    return { exitCode: Number(exited[1]), output: exited[2]! };
  }
  await site.server.stop();
  throw new Error('The server started on a damaged data file');
}

it('stops with status 1 on a truncated content.json, names it, and leaves it as it was', async () => {
  const file = join(site.dataDir, 'content.json');
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
  await site.start();
  expect((await site.call('GET', '/api/content')).body.events[0].title).toBe('Sports day');
  await site.server.stop();
});

it('names an accounts file that does not fit its schema, and where', async () => {
  const file = join(site.dataDir, 'admins.json');
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
