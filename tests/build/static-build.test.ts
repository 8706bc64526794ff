/**
 * `npm run build`: the demo site, in English, Hindi and Arabic (`seed:demo -- --languages`), as
 * files a plain static host serves as they are. Every address its pages use answers, every
 * language's pages are there with their lang, direction, canonical and alternates, moved pages are
 * redirect pages, images are files at static paths; data that is missing or damaged stops the
 * build with one clear message.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlPages } from '../support/crawl-pages.ts';
import { languageProblems } from '../support/language-checks.ts';
import { crawl, referencedAddresses, type StaticHost, serveFolder } from '../support/static-host.ts';

const run = promisify(execFile);
let work: string;
let outDir: string;
let host: StaticHost;
let buildOutput: string;

const runBuild = (dataDir: string, out: string) =>
  run(process.execPath, ['admin-api/build/cli.ts', '--out', out], {
    env: { ...process.env, DATA_DIR: dataDir, UPLOADS_DIR: join(work, 'uploads') },
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'static-build-test-'));
  const env = { ...process.env, DATA_DIR: join(work, 'data'), UPLOADS_DIR: join(work, 'uploads') };
  await run(process.execPath, ['admin-api/seed-demo.ts', '--languages'], { env });
  outDir = join(work, 'out');
  buildOutput = (await runBuild(join(work, 'data'), outDir)).stdout;
  host = await serveFolder(outDir);
}, 300_000);

afterAll(async () => {
  await host?.close();
  await rm(work, { recursive: true, force: true });
});

describe('a static build of the demo site', () => {
  it('says what it built', () => {
    expect(buildOutput).toMatch(/Built \d+ pages \(\d+ redirects\), \d+ files, [\d.]+ MB in [\d.]+ s\./);
  });

  it('answers every address its pages, styles and scripts use', async () => {
    const { visited, broken } = await crawl(host.url);
    expect(broken).toEqual([]);
    expect([...visited].filter((path) => path.startsWith('/images/')).length).toBeGreaterThan(5);
  });

  it('has every page in each language, with its lang, direction, canonical and alternates', async () => {
    const crawled = await crawlPages(host.url);
    const pages = new Map([...crawled].filter(([, html]) => !html.includes('http-equiv="refresh"')));
    const origin = new URL(/<link rel="canonical" href="([^"]+)"/.exec(pages.get('/')!)![1]!).origin;
    const languages = ['en', 'hi', 'ar'];
    for (const tag of ['hi', 'ar']) {
      const inLanguage = [...pages.keys()].filter((path) => path.startsWith(`/${tag}/`));
      expect(inLanguage.length).toBe([...pages.keys()].filter((path) => !/^\/(hi|ar)\//.test(path)).length);
    }
    expect(languageProblems(pages, origin, languages)).toEqual([]);
    expect(await (await fetch(`${host.url}/hi/eventsnews`)).text()).toMatch(/<html lang="hi"/);
  });

  it('shows every image from a file at a static path, one file per rendition', async () => {
    const home = await (await fetch(`${host.url}/`)).text();
    const gallery = await (await fetch(`${host.url}/gallery`)).text();
    const images = [...referencedAddresses(home), ...referencedAddresses(gallery)].filter((address) =>
      /\.(webp|jpg|png)$|\/image/.test(address),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const address of images) {
      expect(address).toMatch(/^\/images\/[a-f0-9]{32}\.[a-z]+(-\d+\.webp)?$/);
      const response = await fetch(host.url + address);
      expect(response.status).toBe(200);
    }
  });

  it('turns moved pages into redirect pages', async () => {
    for (const path of ['/about', '/news']) {
      const response = await fetch(host.url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const target = /content="0; url=([^"]+)"/.exec(html)?.[1];
      expect(target).toMatch(/^\//);
      expect(html).toContain(`<link rel="canonical" href="${target}">`);
      expect(html).toContain(`<a href="${target}">`);
      expect((await fetch(host.url + target!)).status).toBe(200);
    }
  });

  it('has a not-found page', async () => {
    const html = await readFile(join(outDir, '404.html'), 'utf8');
    expect(html).toContain('<html');
  });
});

describe('a build without usable data', () => {
  it('stops with one message when there is no content', async () => {
    const empty = await mkdtemp(join(work, 'empty-'));
    const failed = await runBuild(empty, join(work, 'never')).catch((error) => error);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('content.json is missing');
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  });

  it('stops with one message when the content is damaged', async () => {
    const damaged = await mkdtemp(join(work, 'damaged-'));
    await writeFile(join(damaged, 'content.json'), '{"news": 3');
    const failed = await runBuild(damaged, join(work, 'never')).catch((error) => error);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toMatch(/npm run build failed: .*content\.json is damaged/);
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  });
});
