/**
 * Ten years of events stay reachable and small: with 2,500 events and 60 photos, every event is
 * found from /eventsnews through plain links (no JavaScript), the archive and gallery pages link
 * each other with rel="next"/"prev", the first views stay small, and a news edit re-renders the
 * events and news pages and the news feed but carries the gallery pages, the calendar and the
 * compiled scripts over untouched.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { daysFromToday, must, picture, upload } from './content.ts';

const site = testServer({ admin: true });

const EVENTS = 2500;
const PHOTOS = 60;
const title = (n: number) => `Archive event ${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  const photo = await upload(site.url, site.token, await picture(320, 240, '#17436b'));
  const content = (await site.asAdmin('GET', '/api/content')).body;
  // Two events a day or so, from about six years ago to about three years ahead.
  content.events = Array.from({ length: EVENTS }, (_, n) => ({
    _id: randomUUID(),
    title: title(n),
    description: `Event ${n} of the archive test.`,
    date: daysFromToday(-2200 + Math.floor(n * 1.3)),
    time: n % 3 === 0 ? '10:00' : '',
    location: 'School hall',
    image: null,
  }));
  content.gallery = Array.from({ length: PHOTOS }, (_, n) => ({
    _id: randomUUID(),
    imageId: photo.imageId,
    caption: `Photo ${n}`,
  }));
  await must(site.url, site.token, 'PUT', '/api/content', content);
  await site.waitUntilLive(300_000);
}, 600_000);

async function page(path: string): Promise<string> {
  const answer = await fetch(site.url + path);
  expect(answer.status, path).toBe(200);
  return answer.text();
}

const links = (html: string) => Array.from(html.matchAll(/href="(\/[^"#?]*)"/g), (match) => match[1]!);
const relLink = (html: string, rel: 'next' | 'prev') =>
  new RegExp(`<a[^>]*rel="${rel}"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="${rel}"`)
    .exec(html)
    ?.slice(1)
    .find(Boolean);
const itemTitles = (html: string) => Array.from(html.matchAll(/class="item-open">([^<]+)</g), (match) => match[1]!);
const gzipKb = (html: string) => gzipSync(html).length / 1024;

describe('with 2,500 events', () => {
  it('finds every event from /eventsnews through plain links, pages linked with rel="next" and "prev"', async () => {
    const found = new Set<string>();
    const queue = ['/eventsnews'];
    const seen = new Set(queue);
    let pages = 0;
    while (queue.length > 0) {
      const path = queue.shift()!;
      const html = await page(path);
      pages += 1;
      for (const shown of itemTitles(html)) found.add(shown);
      const next = relLink(html, 'next');
      if (next) expect(relLink(await page(next), 'prev'), `${next} leads back to ${path}`).toBe(path);
      for (const link of links(html)) {
        if (!link.startsWith('/eventsnews') || seen.has(link)) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    const missing = Array.from({ length: EVENTS }, (_, n) => title(n)).filter((wanted) => !found.has(wanted));
    expect(missing).toEqual([]);
    expect(pages).toBeGreaterThan(EVENTS / 20);
  });

  it('groups past events by year, and the archive pages are numbered', async () => {
    const year = Number(daysFromToday(-400).slice(0, 4));
    const first = await page(`/eventsnews/events/past/${year}`);
    expect(first).toContain(`Past events of ${year}`);
    expect(relLink(first, 'prev')).toBeUndefined();
    expect(relLink(first, 'next')).toBe(`/eventsnews/events/past/${year}/2`);
    expect(first).toContain('aria-label="Page 2"');
    const answer = await fetch(`${site.url}/eventsnews/events/past/${year}/99`);
    expect(answer.status).toBe(404);
  });

  it('keeps the first view of /eventsnews and /gallery under 100 KB compressed', async () => {
    for (const path of ['/eventsnews', '/gallery', '/']) expect(gzipKb(await page(path)), path).toBeLessThan(100);
  });

  it('still answers every event on GET /api/events, and /news still moves to /eventsnews', async () => {
    const events = (await site.call('GET', '/api/events')).body as unknown[];
    expect(events).toHaveLength(EVENTS);
    const moved = await fetch(`${site.url}/news`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/eventsnews');
  });
});

describe('the gallery in pages', () => {
  it('shows the total on every page, 24 photos a page, numbered pages linked with rel="next" and "prev"', async () => {
    const first = await page('/gallery');
    expect(first).toContain('60 photos');
    expect(first.match(/class="gallery-thumb"/g)).toHaveLength(24);
    expect(relLink(first, 'next')).toBe('/gallery/2');
    const last = await page('/gallery/3');
    expect(last).toContain('60 photos');
    expect(last.match(/class="gallery-thumb"/g)).toHaveLength(12);
    expect(relLink(last, 'prev')).toBe('/gallery/2');
    expect(relLink(last, 'next')).toBeUndefined();
    expect((await fetch(`${site.url}/gallery/4`)).status).toBe(404);
    expect((await fetch(`${site.url}/gallery/1`)).status).toBe(404);
  });
});

describe('a news edit', () => {
  const built = (path: string) => join(site.dataDir, 'site', 'current', 'public', path);
  const pageFiles = ['gallery', 'gallery/2', 'eventsnews'].map((path) => join(path, 'index.html'));

  it('renders the events and news pages and the news feed again, and carries the gallery pages, the calendar, the not-found page and the scripts over untouched', async () => {
    const script = (await readdir(built('_astro'))).find((name) => name.endsWith('.js'))!;
    const files = [...pageFiles, 'events.ics', 'rss.xml', '404.html', join('_astro', script)];
    const before = await Promise.all(files.map((path) => stat(built(path))));
    await must(site.url, site.token, 'POST', '/api/news', {
      title: 'Library reopens',
      description: 'New books for every class.',
      priority: 'high',
    });
    await site.waitUntilLive();
    const after = await Promise.all(files.map((path) => stat(built(path))));
    const kept = Object.fromEntries(files.map((path, n) => [path, after[n]!.ino === before[n]!.ino]));
    expect(kept).toEqual({
      [pageFiles[0]!]: true,
      [pageFiles[1]!]: true,
      [pageFiles[2]!]: false,
      'events.ics': true,
      'rss.xml': false,
      '404.html': true,
      [join('_astro', script)]: true,
    });
    expect(await page('/eventsnews')).toContain('Library reopens');
    expect(await page('/eventsnews/news')).toContain('Library reopens');
    expect(await (await fetch(`${site.url}/rss.xml`)).text()).toContain('Library reopens');
    expect(await (await fetch(`${site.url}/events.ics`)).text()).toContain(title(EVENTS - 1));
    const missing = await fetch(`${site.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('</html>');
  });
});

describe('an event added at the top of the upcoming ones', () => {
  const built = (path: string) => join(site.dataDir, 'site', 'current', 'public', path, 'index.html');
  /** The upcoming events page after page, and each page's address. */
  async function upcoming(): Promise<{ titles: string[]; paths: string[] }> {
    const titles: string[] = [];
    const paths: string[] = [];
    for (let path: string | undefined = '/eventsnews/events'; path; ) {
      const html = await page(path);
      titles.push(...itemTitles(html));
      paths.push(path);
      path = relLink(html, 'next');
    }
    return { titles, paths };
  }

  it('moves every later one a place down on every page, as served and as kept for a restart', async () => {
    const before = await upcoming();
    expect(before.paths.length).toBeGreaterThan(20);
    await must(site.url, site.token, 'POST', '/api/events', {
      title: 'Top of the list',
      description: 'Added among the first upcoming events.',
      date: daysFromToday(1),
      time: '00:00',
    });
    await site.waitUntilLive();
    const after = await upcoming();
    expect(after.titles.indexOf('Top of the list')).toBeLessThan(20);
    // The pages it only moved events on were rendered after the first: none lost or repeated one.
    expect(after.titles.filter((shown) => shown !== 'Top of the list')).toEqual(before.titles);
    for (const path of [after.paths[1]!, after.paths.at(-1)!])
      expect(await readFile(built(path), 'utf8'), path).toBe(await page(path));
  });
});
