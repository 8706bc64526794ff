/**
 * Search and feeds in each language (issue 34, items 3 and 5), on a site in English and Hindi with
 * a news item whose Hindi translation alone holds a word: /hi/search finds it, in Chromium, on the
 * live server and from `npm run build`'s folder on a plain static host, and /search does not;
 * /hi/rss.xml and /hi/events.ics carry the Hindi texts and link the Hindi pages, on the live
 * server, in the bucket (PUBLISH_S3_*, against s3rver) and in the build; the English ones stay
 * English, and each language's pages link their own feeds.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedPage } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { type StaticHost, serveFolder } from '../support/static-host.ts';
import { bucketSynced, testBucket } from '../support/test-bucket.ts';

const bucket = testBucket();
const SITE_URL = 'https://school.example';
// The bucket's settings are filled in when it starts: its env object is the one the server gets.
const site = testServer({ admin: true, env: Object.assign(bucket.env, { SITE_URL }) });
const browser = testBrowser();

/** A word no page holds but the Hindi news item: letters only, as Pagefind splits words at digits. */
const WORD = `vigyan${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
const NEWS_TITLE = 'विज्ञान मेले के विजेता';
const EVENT_TITLE = 'वार्षिक खेल दिवस';

let out: string;
let host: StaticHost;

beforeAll(async () => {
  expect((await site.asAdmin('PUT', '/api/settings', { json: { languages: ['en', 'hi'] } })).status).toBe(200);
  const news = {
    title: 'Science fair winners',
    description: 'The hall was full of projects.',
    translations: { hi: { title: NEWS_TITLE, description: `हॉल परियोजनाओं से भरा था। पहला पुरस्कार: ${WORD}।` } },
  };
  expect((await site.asAdmin('POST', '/api/news', { json: news })).status).toBe(201);
  const event = {
    title: 'Annual sports day',
    description: 'Races on the field.',
    date: '2031-02-10',
    translations: { hi: { title: EVENT_TITLE } },
  };
  expect((await site.asAdmin('POST', '/api/events', { json: event })).status).toBe(201);
  // Synced once the build is live and its search index written.
  await bucketSynced(site);
  out = join(site.dataDir, '..', 'static-out');
  await promisify(execFile)(process.execPath, ['admin-api/build/cli.ts', '--out', out], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir, SITE_URL },
  });
  host = await serveFolder(out);
}, 300_000);

afterAll(() => host?.close());

/** Types `term` into the search box of the page at `url` and answers the status and the results' links. */
async function search(page: Page, url: string, term: string) {
  await page.goto(url);
  await page.locator('[data-search-input]').fill(term);
  const status = page.getByRole('status');
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain(`“${term}”`);
  const links = page.getByRole('main').getByRole('listitem').getByRole('link');
  const results = await Promise.all(
    (await links.all()).map(async (link) => ({
      title: await link.textContent(),
      href: await link.getAttribute('href'),
    })),
  );
  return { status: await status.textContent(), results };
}

describe.each([
  ['the live server', () => site.url],
  ['the build on a static host', () => host.url],
])('the search of %s', (_, origin) => {
  it('finds a word of a Hindi translation on /hi/search, and not on /search', { timeout: 60_000 }, async () => {
    const watched = await watchedPage(browser(), { viewport: { width: 1280, height: 900 } });
    const hindi = await search(watched.page, `${origin()}/hi/search`, WORD);
    expect(hindi.results).toContainEqual({ title: NEWS_TITLE, href: expect.stringMatching(/^\/hi\/eventsnews\//) });
    expect(hindi.status).toBe(`“${WORD}” के लिए 1 परिणाम।`);
    expect(await watched.page.locator('.result-kind').first().textContent()).toBe('समाचार');

    const english = await search(watched.page, `${origin()}/search`, WORD);
    expect(english).toEqual({ status: `No results for “${WORD}”.`, results: [] });
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });
});

/** The feeds as the live server, the bucket and the build have them. */
const feedSources = [
  ['the live server', async (path: string) => (await fetch(site.url + path)).text()],
  ['the bucket', async (path: string) => (await bucket.object(path.slice(1)))?.text ?? ''],
  ['the build', (path: string) => readFile(join(out, path), 'utf8')],
] as const;

describe.each(feedSources)('the feeds of a language in %s', (_, read) => {
  it('carry its texts and link its pages', async () => {
    const rss = await read('/hi/rss.xml');
    expect(rss).toContain('<language>hi</language>');
    expect(rss).toContain(`<title><![CDATA[${NEWS_TITLE}]]></title>`);
    expect(rss).toMatch(/<title>[^<]+: समाचार<\/title>/);
    const links = Array.from(rss.matchAll(/<link>([^<]+)<\/link>/g), (match) => match[1]);
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(link).toMatch(new RegExp(`^${SITE_URL}/hi/`));

    const calendar = await read('/hi/events.ics');
    expect(calendar).toContain(`SUMMARY:${EVENT_TITLE}`);
    expect(calendar).toContain(`URL;VALUE=URI:${SITE_URL}/hi/eventsnews\r\n`);

    const english = await read('/rss.xml');
    expect(english).toContain('<language>en</language>');
    expect(english).toContain('<title><![CDATA[Science fair winners]]></title>');
    expect(english).not.toContain(NEWS_TITLE);
    expect(await read('/events.ics')).toContain('SUMMARY:Annual sports day');
  });
});

it('are linked from the pages of their language, served with their types', async () => {
  const page = await (await fetch(`${site.url}/hi/eventsnews`)).text();
  expect(page).toContain('<link rel="alternate" type="application/rss+xml"');
  expect(page).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="\/hi\/rss\.xml">/);
  expect(page).toContain('href="/hi/events.ics"');
  expect(await (await fetch(`${site.url}/eventsnews`)).text()).toMatch(
    /type="application\/rss\+xml" title="[^"]*" href="\/rss\.xml"/,
  );
  expect((await bucket.object('hi/rss.xml'))?.type).toBe('application/rss+xml; charset=utf-8');
  expect((await bucket.object('hi/events.ics'))?.type).toBe('text/calendar; charset=utf-8');
  const entry = JSON.parse(await readFile(join(out, 'pagefind', 'pagefind-entry.json'), 'utf8'));
  expect(Object.keys(entry.languages).sort()).toEqual(['en', 'hi']);
});

it('follow an edit of a translation alone, on the live server, indexing the Hindi pages alone', {
  timeout: 60_000,
}, async () => {
  const { _id } = (await site.asAdmin('GET', '/api/admin/content')).body.news.find(
    (item: { title: string }) => item.title === 'Science fair winners',
  );
  const word = `naya${WORD}`;
  const json = {
    title: 'Science fair winners',
    description: 'The hall was full of projects.',
    translations: { hi: { title: 'विज्ञान मेले के नए विजेता', description: `नया पुरस्कार: ${word}।` } },
  };
  expect((await site.asAdmin('PUT', `/api/news/${_id}`, { json })).status).toBe(200);
  await site.waitUntilLive();
  expect(await (await fetch(`${site.url}/hi/rss.xml`)).text()).toContain(
    '<title><![CDATA[विज्ञान मेले के नए विजेता]]></title>',
  );
  // The English pages and records did not change: their index is the one before.
  await expect
    .poll(async () => (await site.asAdmin('GET', '/api/admin/build-status')).body.search, { timeout: 30_000 })
    .toMatchObject({ indexing: false, lastRun: { indexed: ['hi'] } });
  const watched = await watchedPage(browser(), { viewport: { width: 1280, height: 900 } });
  const { results } = await search(watched.page, `${site.url}/hi/search`, word);
  expect(results).toEqual([{ title: 'विज्ञान मेले के नए विजेता', href: expect.stringMatching(/^\/hi\/eventsnews\//) }]);
  await watched.close();
});
