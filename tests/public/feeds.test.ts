/**
 * The feeds and the discovery files on the live server: the RSS of the current news, the
 * iCalendar of the events, the sitemap of every public page, robots.txt, and every public page's
 * canonical address, social preview and structured data. An edit shows in the feeds.
 */
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { News } from '../../site/contract/content.ts';
import { timeInZone } from '../../site/contract/dates.ts';
import { calendarStart, RSS_ITEMS } from '../../site/lib/feeds.ts';
import { currentNews } from '../../site/lib/schedule.ts';
import { testServer } from '../support/harness.ts';
import { PUBLIC_ROUTES, SITE_PAGES } from './routes.ts';

const SITE_URL = 'https://www.school.example';
const site = testServer({ admin: true, env: { SITE_URL } });
const xml = new XMLParser({ ignoreAttributes: false });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

async function get(path: string) {
  const answer = await fetch(site.url + path);
  expect(answer.status, path).toBe(200);
  return {
    text: await answer.text(),
    type: answer.headers.get('content-type'),
    cache: answer.headers.get('cache-control'),
  };
}

beforeAll(async () => {
  for (const title of ['Feed check: sports day results', 'Feed check: library week']) {
    const added = await site.asAdmin('POST', '/api/news', { json: { title, description: `${title}, in short.` } });
    expect(added.status).toBeLessThan(300);
  }
  await site.waitUntilLive();
});

describe('feeds', () => {
  it('RSS has the newest current news items (at most 50), newest first', async () => {
    const content = (await site.call('GET', '/api/content')).body;
    const { text, type, cache } = await get('/rss.xml');
    expect(type).toMatch(/xml/);
    expect(cache).toBe('no-cache');
    expect(text).toContain('Feed check: library week');
    const items = asList(xml.parse(text).rss.channel.item) as { title: string; pubDate: string }[];
    // Newest first; news of one day by title.
    const expected = currentNews(content.news as News[], new Date(), content.settings.timeZone).sort(
      (a, b) => b.publishDate.localeCompare(a.publishDate) || a.title.localeCompare(b.title),
    );
    expect(items.map((item) => item.title)).toEqual(expected.slice(0, RSS_ITEMS).map((item) => item.title));
    const dates = items.map((item) => Date.parse(item.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('ICS has one VEVENT per event of the last 12 months or to come, at its local time, and an edit shows within 5 s', async () => {
    const created = await site.asAdmin('POST', '/api/events', {
      json: { title: 'Feed check concert', description: 'Music', date: '2030-03-14', time: '18:30', location: 'Hall' },
    });
    expect(created.status).toBeLessThan(300);
    const edited = Date.now();
    let text = '';
    while (!text.includes('Feed check concert') && Date.now() - edited < 5000) {
      text = (await get('/events.ics')).text;
    }
    const { type } = await get('/events.ics');
    expect(type).toBe('text/calendar; charset=utf-8');
    const content = (await site.call('GET', '/api/content')).body;
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const since = calendarStart(new Date(), content.settings.timeZone);
    expect(events).toHaveLength(content.events.filter((event: { date: string }) => event.date >= since).length);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    const concert = events.find((event) => event.summary === 'Feed check concert')!;
    expect(concert.location).toBe('Hall');
    expect(timeInZone(concert.startDate.toJSDate(), content.settings.timeZone)).toBe('18:30');
  });

  it('the sitemap lists every public page with absolute URLs; robots.txt names it', async () => {
    const sitemap = xml.parse((await get('/sitemap.xml')).text);
    const locs = asList(sitemap.urlset.url).map((url: { loc: string }) => url.loc);
    for (const path of [...PUBLIC_ROUTES, ...SITE_PAGES]) expect(locs).toContain(SITE_URL + path);
    expect(locs.every((loc: string) => loc.startsWith(`${SITE_URL}/`))).toBe(true);
    expect(locs.some((loc: string) => loc.includes('/admin'))).toBe(false);
    const robots = (await get('/robots.txt')).text;
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/api$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });
});

/** The page's JSON-LD blocks, each parsed (a block that is not valid JSON fails the test). */
function structuredData(html: string) {
  const scripts = Array.from(html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs), (m) => m[1]!);
  // biome-ignore lint/suspicious/noExplicitAny: JSON-LD is read as the test walks it.
  return scripts.map((json) => JSON.parse(json) as Record<string, any>);
}

describe('page metadata', () => {
  it('every public page has a canonical address, Open Graph tags and valid JSON-LD', async () => {
    const types: Record<string, string[]> = {};
    for (const path of [...PUBLIC_ROUTES, ...SITE_PAGES]) {
      const { text } = await get(path);
      expect(text, path).toContain(`<link rel="canonical" href="${SITE_URL}${path === '/' ? '/' : path}">`);
      expect(text, path).toMatch(/<meta name="description" content="[^"]+">/);
      for (const property of ['og:title', 'og:description', 'og:image']) {
        expect(text, path).toMatch(new RegExp(`<meta property="${property}" content="[^"]+">`));
      }
      expect(text, path).toMatch(new RegExp(`<meta property="og:image" content="${SITE_URL}/`));
      const data = structuredData(text);
      types[path] = data.map((item) => item['@type']);
      const page = data.find((item) => item['@type'] === 'WebPage');
      expect(page, path).toMatchObject({ url: `${SITE_URL}${path}`, publisher: { '@type': 'School' } });
      const steps = page!.breadcrumb.itemListElement as { position: number; name: string; item: string }[];
      expect(steps[0], path).toEqual({ '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE_URL}/` });
      expect(steps.at(-1)!.item, path).toBe(`${SITE_URL}${path}`);
    }
    expect(types['/']).toEqual(['WebPage', 'School']);
    expect(types['/eventsnews']).toContain('Event');
    expect(types['/eventsnews']).toContain('NewsArticle');
    expect(types['/gallery']).toEqual(['WebPage']);
  });

  it('the archive pages describe their events and news, under Events & News in the trail', async () => {
    const events = structuredData((await get('/eventsnews/events')).text);
    expect(events.map((item) => item['@type'])).toContain('Event');
    const trail = events[0]!.breadcrumb.itemListElement.map((step: { name: string }) => step.name);
    expect(trail).toEqual(['Home', 'Events & News', 'Upcoming events']);
    const news = structuredData((await get('/eventsnews/news')).text);
    expect(news.map((item) => item['@type'])).toContain('NewsArticle');
  });
});
