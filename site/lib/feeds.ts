/**
 * The feeds a school is followed by: its current news as RSS 2.0 (`feed`), its events as an
 * iCalendar (`ical-generator`), robots.txt, and the sitemap of the pages publishing wrote.
 */
import { Feed } from 'feed';
import ical from 'ical-generator';
import type { SchoolEvent, SiteContent } from '../contract/content.ts';
import { imageUrl } from './image-sources.ts';
import { currentNews } from './schedule.ts';
import { zonedInstant } from './zoned-time.ts';

export const FEED_PATHS = { rss: '/rss.xml', calendar: '/events.ics', robots: '/robots.txt', sitemap: '/sitemap.xml' };

/** The current news, newest first. */
export function newsFeed(content: SiteContent, siteUrl: string, now = new Date()): string {
  const { settings } = content;
  const feed = new Feed({
    title: `${settings.schoolName}: News`,
    description: settings.tagline || `News from ${settings.schoolName}`,
    id: `${siteUrl}/eventsnews`,
    link: `${siteUrl}/eventsnews`,
    language: 'en',
    copyright: `© ${settings.schoolName}`,
    feedLinks: { rss: siteUrl + FEED_PATHS.rss },
  });
  const news = currentNews(content.news, now, settings.timeZone).sort(
    (a, b) => b.publishDate.localeCompare(a.publishDate) || a.title.localeCompare(b.title),
  );
  for (const item of news) {
    feed.addItem({
      title: item.title,
      id: `${siteUrl}/eventsnews#news-${item._id}`,
      link: `${siteUrl}/eventsnews#news-${item._id}`,
      description: item.description,
      date: zonedInstant(item.publishDate, '00:00', settings.timeZone),
      ...(item.image ? { image: siteUrl + imageUrl(item.image.imageId, 640) } : {}),
    });
  }
  return feed.rss2();
}

/** Every event, timed ones at their time in the school's zone, the others as all-day events. */
export function eventsCalendar(content: SiteContent, siteUrl: string): string {
  const { settings } = content;
  const host = new URL(siteUrl).hostname;
  const calendar = ical({ name: `${settings.schoolName}: Events`, prodId: { company: host, product: 'events' } });
  const empty = calendar.toString();
  const end = empty.lastIndexOf('END:VCALENDAR');
  const texts = new Map<string, string>();
  for (const event of content.events) {
    const key = JSON.stringify([event, settings.timeZone, siteUrl]);
    texts.set(key, eventTexts.get(key) ?? eventText(event, settings.timeZone, siteUrl, host));
  }
  eventTexts = texts;
  return empty.slice(0, end) + [...texts.values()].join('') + empty.slice(end);
}

/**
 * Each event's VEVENT, by what it was made from: publishing renders the calendar after every edit
 * of an event, and of a thousand events one has changed. Only the last calendar's are kept.
 */
let eventTexts = new Map<string, string>();

/** One event as ical-generator writes it (escaped, folded), cut out of a calendar of its own. */
function eventText(event: SchoolEvent, timeZone: string, siteUrl: string, host: string): string {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  const calendar = ical();
  calendar.createEvent({
    id: `${event._id}@${host}`,
    summary: event.title,
    description: event.description,
    location: event.location || null,
    url: `${siteUrl}/eventsnews`,
    ...(event.time
      ? { start: zonedInstant(event.date, event.time, timeZone) }
      : { start: new Date(year, month - 1, day), allDay: true }),
  });
  const text = calendar.toString();
  return text.slice(text.indexOf('BEGIN:VEVENT'), text.lastIndexOf('END:VCALENDAR'));
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${siteUrl}${FEED_PATHS.sitemap}`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The sitemap of the public pages at `paths` (`/`, `/gallery`…). */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = [...paths].sort().map((path) => `  <url><loc>${escapeXml(siteUrl + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
