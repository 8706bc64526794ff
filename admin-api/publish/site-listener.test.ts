import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteListener } from './site-listener.ts';
import { type SiteSnapshot, SnapshotLoader } from './static-site.ts';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-listener-'));
  await mkdir(join(dir, 'eventsnews'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<h1>Home</h1>');
  await writeFile(join(dir, 'eventsnews', 'index.html'), '<h1>Events</h1>');
  const snapshot: SiteSnapshot = await new SnapshotLoader().load(
    dir,
    {},
    { '/news': { status: 301, location: '/eventsnews' }, '/old': { status: 308, location: '/eventsnews' } },
  );
  server = createServer(
    siteListener(
      () => snapshot,
      (_, response) => response.end('api'),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the site listener', () => {
  it('answers a moved page with its redirect, with or without a trailing slash or query', async () => {
    for (const path of ['/news', '/news/', '/news?from=footer']) {
      const answer = await fetch(base + path, { redirect: 'manual' });
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe('/eventsnews');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const head = await fetch(`${base}/old`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(308);
    expect(head.headers.get('location')).toBe('/eventsnews');
  });

  it('serves pages as before, and the target of a redirect', async () => {
    const followed = await fetch(`${base}/news`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toBe('<h1>Events</h1>');
    expect((await fetch(`${base}/newsletter`)).status).toBe(404);
  });
});
