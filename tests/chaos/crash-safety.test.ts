/**
 * The bad day: the server is killed with SIGKILL at random moments while an administrator keeps
 * writing (and the site keeps rebuilding), then restarted on the same data. Every write that was
 * answered must still be there, every file must parse, and the site must come back.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { call, setupAndLogin, waitUntilLive } from '../support/api.ts';
import { disposeServer, type RunningServer, startServer } from '../support/server.ts';

const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
let server: RunningServer | null = null;
afterAll(async () => {
  if (server) await disposeServer(server);
});

/** Keeps writing events until the server dies; answers the titles of the writes it answered. */
async function writeUntilKilled(base: string, token: string, round: number): Promise<string[]> {
  const answered: string[] = [];
  const writer = async (lane: number) => {
    for (let i = 0; ; i++) {
      const title = `Round ${round} lane ${lane} write ${i}`;
      const answer = await call(base, 'POST', '/api/events', {
        token,
        json: { title, description: 'Written during the crash test', date: '2027-02-01' },
      }).catch(() => null);
      if (!answer) return;
      expect(answer.status).toBe(201);
      answered.push(title);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  };
  await Promise.all([writer(0), writer(1)]);
  return answered;
}

it(`keeps every answered write through ${KILLS} kills at random moments`, { timeout: 15 * 60_000 }, async () => {
  server = await startServer();
  const token = await setupAndLogin(server.url);
  const { dataDir, uploadsDir } = server;
  const answered: string[] = [];

  for (let round = 0; round < KILLS; round++) {
    const writing = writeUntilKilled(server.url, token, round);
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 1500));
    await server.kill();
    answered.push(...(await writing));

    for (const file of ['content.json', 'alumni.json', 'admins.json']) {
      JSON.parse(await readFile(join(dataDir, file), 'utf8'));
    }
    server = await startServer({ dataDir, uploadsDir });
    const titles = (await call(server.url, 'GET', '/api/content')).body.events.map((e: { title: string }) => e.title);
    expect(titles).toEqual(expect.arrayContaining(answered));
    expect((await fetch(server.url + '/')).status).toBe(200);
  }

  // The site catches up with everything written, whatever builds were cut off.
  await waitUntilLive(server.url, token, 120_000);
  const page = await (await fetch(server.url + '/eventsnews')).text();
  expect(page).toContain(answered.at(-1)!);
  console.log(`crash safety: ${KILLS} kills survived, ${answered.length} answered writes verified`);
});
