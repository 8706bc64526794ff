/**
 * The site search in `npm run build`'s output: the folder holds a working Pagefind index at
 * /pagefind, which the search page uses from a plain static host (its policy in a meta element
 * allowing Pagefind's WebAssembly), finding news, events, photos and pages; every result links a
 * file the host has.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { testBrowser } from '../support/harness.ts';
import { type StaticHost, serveFolder } from '../support/static-host.ts';

const run = promisify(execFile);
const browser = testBrowser();
let work: string;
let outDir: string;
let host: StaticHost;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'search-build-test-'));
  const env = { ...process.env, DATA_DIR: join(work, 'data'), UPLOADS_DIR: join(work, 'uploads') };
  await run(process.execPath, ['admin-api/seed-demo.ts'], { env });
  outDir = join(work, 'out');
  await run(process.execPath, ['admin-api/build/cli.ts', '--out', outDir], { env });
  host = await serveFolder(outDir);
}, 300_000);

afterAll(async () => {
  await host?.close();
  await rm(work, { recursive: true, force: true });
});

async function search(watched: WatchedPage, term: string) {
  await watched.page.goto(`${host.url}/search?q=${encodeURIComponent(term)}`);
  const status = watched.page.getByRole('status');
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain(`for “${term}”`);
  const items = watched.page.getByRole('main').getByRole('listitem');
  return Promise.all(
    (await items.all()).map(async (item) => ({
      title: await item.getByRole('link').textContent(),
      href: await item.getByRole('link').getAttribute('href'),
      kind: await item.locator('.result-kind').textContent(),
    })),
  );
}

describe('the search index of a static build', () => {
  it('is written beside the pages, and the search page’s policy allows Pagefind’s WebAssembly', async () => {
    const entry = JSON.parse(await readFile(join(outDir, 'pagefind', 'pagefind-entry.json'), 'utf8'));
    expect(Object.keys(entry.languages)).toEqual(['en']);
    const page = await readFile(join(outDir, 'search', 'index.html'), 'utf8');
    expect(page).toMatch(
      /<meta http-equiv="content-security-policy" content="[^"]*script-src 'self' 'wasm-unsafe-eval'/,
    );
  });

  it('finds news, events, photos and pages from a plain static host, with no policy violation', async () => {
    const watched = await watchedPage(browser(), { viewport: { width: 1280, height: 900 } });
    const found = [
      ...(await search(watched, 'Sports Day')),
      ...(await search(watched, 'football')),
      ...(await search(watched, 'admission')),
    ];
    const kinds = new Set(found.map((result) => result.kind));
    for (const kind of ['event', 'photo', 'page']) expect(kinds).toContain(kind);
    expect(found).toContainEqual({
      title: 'Annual Sports Day',
      href: expect.stringMatching(/^\/eventsnews\/events[^#]*#event-/),
      kind: 'event',
    });
    for (const { href } of found) expect((await fetch(host.url + href!)).status).toBe(200);
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });
});
