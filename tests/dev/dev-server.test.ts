/** `npm run dev`: Astro's dev server on the content in DATA_DIR, with the API beside it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, setupAndLogin } from '../support/api.ts';

let folder: string;
let dev: ChildProcess;
let url: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'school-dev-'));
  // Vitest's own variables tell Astro it runs under a test, where it serves no pages.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  dev = spawn(process.execPath, ['admin-api/dev/dev-server.ts'], {
    env: { ...env, PORT: '0', DATA_DIR: join(folder, 'data'), UPLOADS_DIR: join(folder, 'uploads') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Developing on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    dev.stdout?.on('data', read);
    dev.stderr?.on('data', read);
    dev.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
  });
}, 180_000);

afterAll(async () => {
  const exited = new Promise((resolve) => dev.once('exit', resolve));
  dev.kill('SIGTERM');
  await exited;
  await rm(folder, { recursive: true, force: true });
});

const page = async (path: string) => {
  const response = await fetch(url + path);
  return { status: response.status, html: await response.text() };
};

it('renders the pages from the demo content it put into an empty data folder', async () => {
  const content = await call(url, 'GET', '/api/content');
  expect(content.status).toBe(200);
  expect(content.body.gallery.length).toBeGreaterThan(0);

  const gallery = await page('/gallery');
  expect(gallery.status).toBe(200);
  expect(gallery.html).toContain(content.body.gallery[0].caption);
});

it('serves the API beside the pages, and a page shows an edit on the next request', async () => {
  const token = await setupAndLogin(url);
  const title = `Dev server check ${Date.now()}`;
  const added = await call(url, 'POST', '/api/news', { token, json: { title, description: 'Seen at once' } });
  expect(added.status).toBe(201);
  expect((await page('/eventsnews')).html).toContain(title);
});
