/** Backup and restore: the archive from the dashboard, restored by the command, is the same school. */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { type RunningServer, removeFolders, startServer, tempFolders } from '../support/server.ts';
import { uploaded } from './helpers.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function command(args: string[], folders: { dataDir: string; uploadsDir: string }) {
  return promisify(execFile)('npm', ['run', '--silent', ...args], {
    env: { ...process.env, DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

it('downloads a backup that a second server, restored from it, answers the same from', async () => {
  expect((await site.call('GET', '/api/admin/backup')).status).toBe(401);
  const photo = await uploaded(site.url, site.token, await solidImage('png'));
  await site.asAdmin('POST', '/api/news', { json: { title: 'Sports Day', description: 'Races', image: photo } });
  const registered = await site.call('POST', '/api/alumni', {
    json: {
      fullName: 'Asha Rao',
      gender: 'female',
      mobile: '9876543210',
      email: 'asha@example.org',
      address: '1 Main Road',
      periodOfStudy: '2000-2010',
      qualification: 'MBBS',
      occupation: 'Doctor',
    },
  });
  expect(registered.status).toBeLessThan(300);

  const response = await fetch(`${site.url}/api/admin/backup`, { headers: { Authorization: `Bearer ${site.token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="school-backup-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
  );
  const folders = await tempFolders();
  cleanups.push(() => removeFolders(folders.dataDir));
  const archive = join(folders.dataDir, '..', 'backup.tar.gz');
  await writeFile(archive, Buffer.from(await response.arrayBuffer()));

  const restored = await command(['restore', '--', archive], folders);
  expect(restored).toMatchObject({ code: 0 });
  expect(await readdir(folders.dataDir)).not.toContain('site');

  const second: RunningServer = await startServer(folders);
  cleanups.push(() => second.stop());
  const [before, after] = await Promise.all(
    [site.url, second.url].map((url) => fetch(`${url}/api/content`).then((r) => r.json())),
  );
  expect(after).toEqual(before);
  const image = await fetch(`${second.url}/api/image/${photo.imageId}`);
  expect(image.status).toBe(200);
  const login = await fetch(`${second.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  expect(login.status).toBe(200);
  const { token } = await login.json();
  const alumni = await fetch(`${second.url}/api/admin/alumni`, { headers: { Authorization: `Bearer ${token}` } }).then(
    (r) => r.json(),
  );
  expect(JSON.stringify(alumni)).toContain('Asha Rao');
  const audit = await fetch(`${second.url}/api/admin/audit`, { headers: { Authorization: `Bearer ${token}` } }).then(
    (r) => r.json(),
  );
  expect(
    audit.some(
      (entry: { username: string; action: string }) => entry.username === 'cli' && entry.action === 'backup.restore',
    ),
  ).toBe(true);

  // While that server runs, and on a folder that is not empty, the command refuses.
  const running = await command(['restore', '--', archive, '--force'], folders);
  expect(running.code).toBe(1);
  expect(running.output).toMatch(/is running on/);
  await second.stop();
  const notEmpty = await command(['restore', '--', archive], folders);
  expect(notEmpty.code).toBe(1);
  expect(notEmpty.output).toMatch(/is not empty\. Add --force/);
  expect((await command(['restore', '--', archive, '--force'], folders)).code).toBe(0);
});

it('refuses an archive that is not a backup, and changes nothing', async () => {
  const folders = await tempFolders();
  cleanups.push(() => removeFolders(folders.dataDir));
  await mkdir(folders.dataDir, { recursive: true });
  const junk = join(folders.dataDir, '..', 'junk.tar.gz');
  await writeFile(junk, 'not an archive at all');
  const refused = await command(['restore', '--', junk], folders);
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/is not a backup of this website/);
  expect(await readdir(folders.dataDir)).toEqual([]);
});

it('writes the same archive from the command line', async () => {
  const folders = await tempFolders();
  cleanups.push(() => removeFolders(folders.dataDir));
  const file = join(folders.dataDir, '..', 'cli.tar.gz');
  const written = await command(['backup', '--', file], { dataDir: site.dataDir, uploadsDir: site.uploadsDir });
  expect(written.code).toBe(0);
  expect((await readFile(file)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  expect((await command(['restore', '--', file], folders)).code).toBe(0);
  expect(JSON.parse(await readFile(join(folders.dataDir, 'content.json'), 'utf8')).news[0].title).toBe('Sports Day');
});
