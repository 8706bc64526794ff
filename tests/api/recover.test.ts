/** npm run recover: a damaged data file comes back from the history (content) or its kept copy. */
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });

beforeAll(async () => {
  await site.asAdmin('POST', '/api/events', {
    json: { title: 'Sports day', description: 'Races', date: '2031-03-01' },
  });
  await site.server.stop();
});

async function startOnDamagedData(): Promise<string> {
  try {
    await site.start();
  } catch (error) {
    const exited = /^The server exited \(1\) before listening:\n([\s\S]*)$/.exec((error as Error).message);
    if (exited) return exited[1]!;
    throw error;
  }
  await site.server.stop();
  throw new Error('The server started on a damaged data file');
}

function recover(name: string) {
  return promisify(execFile)('npm', ['run', '--silent', 'recover', '--', name], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir },
  });
}

it('names the recovery command for a truncated content.json, which brings the site back', async () => {
  const file = join(site.dataDir, 'content.json');
  const whole = await readFile(file, 'utf8');
  const truncated = whole.slice(0, Math.floor(whole.length / 2));
  await writeFile(file, truncated);

  const output = await startOnDamagedData();
  expect(output).toContain('npm run recover -- content.json');
  expect(await readFile(file, 'utf8')).toBe(truncated);

  const { stdout } = await recover('content.json');
  expect(stdout).toMatch(/content\.json was put back from version \d+ of the history/);
  const kept = (await readdir(site.dataDir)).filter((name) => /^content\.damaged-.+\.json$/.test(name));
  expect(kept).toHaveLength(1);
  expect(await readFile(join(site.dataDir, kept[0]!), 'utf8')).toBe(truncated);

  await site.start();
  expect((await site.call('GET', '/api/content')).body.events[0].title).toBe('Sports day');
  await site.server.stop();
});

it('puts back the accounts file from the copy kept before its last change', async () => {
  const file = join(site.dataDir, 'admins.json');
  await writeFile(file, '{"admins": [');
  const output = await startOnDamagedData();
  expect(output).toContain('npm run recover -- admins.json');

  const { stdout } = await recover('admins.json');
  expect(stdout).toContain('admins.json was put back');
  await site.start();
  const login = await site.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'admin123' } });
  expect(login.status).toBe(200);
});
