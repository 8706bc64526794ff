/**
 * The bad day: the server is killed with SIGKILL at random moments while an administrator keeps
 * writing (and the site keeps rebuilding), then restarted on the same data. Every write that was
 * answered must still be there, every file must parse, and the site must come back.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { testServer } from '../support/harness.ts';
import { listPages } from '../support/list-pages.ts';
import { examples } from '../support/run-length.ts';

const KILLS = examples(process.env.CHAOS_KILLS, { test: 3, long: 20 });
const site = testServer({ admin: true });

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
  const answered: string[] = [];

  for (let round = 0; round < KILLS; round++) {
    const writing = writeUntilKilled(site.url, site.token, round);
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 1500));
    await site.server.kill();
    answered.push(...(await writing));

    for (const file of ['content.json', 'alumni.json', 'admins.json']) {
      JSON.parse(await readFile(join(site.dataDir, file), 'utf8'));
    }
    await site.restart();
    const titles = (await site.call('GET', '/api/content')).body.events.map((e: { title: string }) => e.title);
    expect(titles).toEqual(expect.arrayContaining(answered));
    expect((await fetch(site.url + '/')).status).toBe(200);
  }

  // The site catches up with everything written, whatever builds were cut off.
  await site.waitUntilLive(120_000);
  const upcoming = await listPages(`${site.url}/eventsnews/events`);
  expect(upcoming).toContain(`${answered.at(-1)!}<`);
  console.log(`crash safety: ${KILLS} kills survived, ${answered.length} answered writes verified`);
});
