/**
 * The feeds a school is followed by: its newest news as RSS 2.0 (`feed`), its recent and coming
 * events as an iCalendar (`ical-generator`), robots.txt, and the sitemap of the pages publishing
 * wrote. Feed readers and calendar apps take a few dozen items and a year or so of events, not ten
 * years: each feed carries those and links the archives for the rest.
 */
import { Feed } from 'feed';
import ical from 'ical-generator';
import type { SchoolEvent, SiteContent } from '../contract/content.ts';
import { dateInZone } from '../contract/dates.ts';
import { EVENTS_BASE, NEWS_BASE } from './archive-pages.ts';
import { imageUrl } from './image-sources.ts';
import { defaultPath, languageOfPath, pathInLanguage } from './language-paths.ts';
import { markdownPlainText } from './markdown-text.ts';
import { currentNews } from './schedule.ts';
import { zonedInstant } from './zoned-time.ts';

export const FEED_PATHS = {
  rss: '/rss.xml',
  calendar: '/events.ics',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  /** The urgent notices showing now, for other systems (site/pages/alerts.json.ts). */
  alerts: '/alerts.json',
};

/** How many of the newest current news items the RSS feed carries. */
export const RSS_ITEMS = 50;
/** How far back the calendar goes: the events of the last 12 months, and every upcoming one. */
export const CALENDAR_MONTHS_BACK = 12;

/** The newest current news (at most `RSS_ITEMS`), newest first; the feed links the news archive. */
export function newsFeed(content: SiteContent, siteUrl: string, now = new Date()): string {
  const { settings } = content;
  const archive = siteUrl + NEWS_BASE;
  const news = currentNews(content.news, now, settings.timeZone)
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.title.localeCompare(b.title))
    .slice(0, RSS_ITEMS);
  const feed = new Feed({
    // The newest item's day, not the time of rendering: the feed's bytes change only with its news.
    ...(news[0] ? { updated: zonedInstant(news[0].publishDate, '00:00', settings.timeZone) } : {}),
    title: `${settings.schoolName}: News`,
    description: `${settings.tagline || `News from ${settings.schoolName}`}. The newest ${RSS_ITEMS} news items; all of them at ${archive}`,
    id: `${siteUrl}/eventsnews`,
    link: archive,
    language: 'en',
    copyright: `© ${settings.schoolName}`,
    feedLinks: { rss: siteUrl + FEED_PATHS.rss },
  });
  for (const item of news) {
    feed.addItem({
      title: item.title,
      id: `${siteUrl}/eventsnews#news-${item._id}`,
      link: `${siteUrl}/eventsnews#news-${item._id}`,
      description: markdownPlainText(item.description),
      date: zonedInstant(item.publishDate, '00:00', settings.timeZone),
      ...(item.image ? { image: siteUrl + imageUrl(item.image.imageId, 640) } : {}),
    });
  }
  return feed.rss2();
}

/**
 * The upcoming events and those of the last 12 months, timed ones at their time in the school's
 * zone, the others as all-day events; the calendar links the archive of past events.
 */
export function eventsCalendar(content: SiteContent, siteUrl: string, now = new Date()): string {
  const { settings } = content;
  const host = new URL(siteUrl).hostname;
  const archive = siteUrl + EVENTS_BASE;
  const calendar = ical({
    name: `${settings.schoolName}: Events`,
    description: `Upcoming events and those of the last ${CALENDAR_MONTHS_BACK} months; earlier events at ${archive}`,
    url: archive,
    prodId: { company: host, product: 'events' },
  });
  const empty = calendar.toString();
  const end = empty.lastIndexOf('END:VCALENDAR');
  const texts = new Map<string, string>();
  const since = calendarStart(now, settings.timeZone);
  for (const event of content.events) {
    if (event.date < since) continue;
    const key = JSON.stringify([event, settings.timeZone, siteUrl]);
    texts.set(key, eventTexts.get(key) ?? eventText(event, settings.timeZone, siteUrl, host));
  }
  eventTexts = texts;
  return empty.slice(0, end) + [...texts.values()].join('') + empty.slice(end);
}

/** The first day the calendar carries: this day 12 months ago in the school's zone. */
export function calendarStart(now: Date, timeZone: string): string {
  const today = dateInZone(now, timeZone);
  return `${Number(today.slice(0, 4)) - CALENDAR_MONTHS_BACK / 12}${today.slice(4)}`;
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
    description: markdownPlainText(event.description),
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
export function sitemapXml(siteUrl: string, paths: readonly string[], languages: readonly string[] = []): string {
  if (languages.length < 2) {
    const urls = [...paths].sort().map((path) => `  <url><loc>${escapeXml(siteUrl + path)}</loc></url>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }
  // Each address of a site of several languages, with its page's address in every language.
  const address = (path: string, language: string) => escapeXml(siteUrl + pathInLanguage(path, language, languages));
  const urls = [...paths].sort().map((path) => {
    const page = defaultPath(path, languages);
    const alternates = [
      ...languages.map((tag) => [tag, address(page, tag)]),
      ['x-default', address(page, languages[0]!)],
    ];
    const links = alternates.map(([tag, href]) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${href}"/>`);
    return `  <url><loc>${address(page, languageOfPath(path, languages) ?? languages[0]!)}</loc>${links.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
