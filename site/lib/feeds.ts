/**
 * The feeds a school is followed by: its newest news as RSS 2.0 (`feed`), its recent and coming
 * events as an iCalendar (`ical-generator`), robots.txt, and the sitemap of the pages publishing
 * wrote. Feed readers and calendar apps take a few dozen items and a year or so of events, not ten
 * years: each feed carries those and links the archives for the rest. Each language of the site
 * has its own news feed and calendar (`/hi/rss.xml`), in its texts and words, linking its pages.
 */
import { Feed } from 'feed';
import ical from 'ical-generator';
import type { SchoolEvent, SiteContent } from '../contract/content.ts';
import { dateInZone } from '../contract/dates.ts';
import { slugify } from '../contract/settings.ts';
import { messagesFor } from '../i18n/messages.ts';
import { categoryBase, EVENTS_BASE, NEWS_BASE } from './archive-pages.ts';
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
  /** The web app manifest (site/pages/manifest.webmanifest.ts). */
  manifest: '/manifest.webmanifest',
};

/** The calendar of the events of one category (its slug, `examinations`): `/calendars/examinations.ics`. */
export const categoryCalendarPath = (slug: string) => `/calendars/${slug}.ics`;

/** The calendars of the school's event categories, in the default language (`/calendars/sports.ics`…). */
export const categoryCalendarPaths = (categories: readonly string[]): string[] =>
  categories.map((name) => categoryCalendarPath(slugify(name)));

/** The feeds each language has of its own, at its address (`/hi/rss.xml`, `/hi/events.ics`). */
const LANGUAGE_FEEDS = [FEED_PATHS.rss, FEED_PATHS.calendar];

/**
 * The feeds of the languages but the default (`/hi/rss.xml`, `/hi/events.ics`…), with their
 * calendars of the event `categories` (`/hi/calendars/sports.ics`).
 */
export const languageFeedPaths = (languages: readonly string[], categories: readonly string[] = []): string[] =>
  languages
    .slice(1)
    .flatMap((language) =>
      [...LANGUAGE_FEEDS, ...categoryCalendarPaths(categories)].map((feed) =>
        pathInLanguage(feed, language, languages),
      ),
    );

/**
 * The ways to subscribe to the calendar at `path` (`/events.ics`) of the site at `siteUrl`: its
 * address, the same as `webcal://` (which a phone's calendar subscribes to), and the pages of
 * Google Calendar and Outlook.com that add it, `name` being what Outlook calls it.
 */
export function calendarLinks(siteUrl: string, path: string, name: string) {
  const address = siteUrl + path;
  const webcal = address.replace(/^https?:/, 'webcal:');
  return {
    address,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(address)}&name=${encodeURIComponent(name)}`,
  };
}

/**
 * The feeds a page of `language` links: its language's own. (A page's links move into its
 * language, but not a file's, inLanguageLinks: the feeds are named here.)
 */
export const feedsInLanguage = (language: string, languages: readonly string[]) => ({
  rss: pathInLanguage(FEED_PATHS.rss, language, languages),
  calendar: pathInLanguage(FEED_PATHS.calendar, language, languages),
});

/** The site's address of its page at `path` in `language`. */
const addressIn = (siteUrl: string, path: string, language: string, languages: readonly string[]) =>
  siteUrl + pathInLanguage(path, language, languages);

/** How many of the newest current news items the RSS feed carries. */
export const RSS_ITEMS = 50;
/** How far back the calendar goes: the events of the last 12 months, and every upcoming one. */
export const CALENDAR_MONTHS_BACK = 12;

/**
 * The newest current news (at most `RSS_ITEMS`), newest first; the feed links the news archive.
 * `content` is read in `language`, whose pages the feed links.
 */
export function newsFeed(
  content: SiteContent,
  siteUrl: string,
  now = new Date(),
  language = content.settings.languages[0] ?? 'en',
): string {
  const { settings } = content;
  const { t } = messagesFor(language);
  const address = (path: string) => addressIn(siteUrl, path, language, settings.languages);
  const archive = address(NEWS_BASE);
  const news = currentNews(content.news, now, settings.timeZone)
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.title.localeCompare(b.title))
    .slice(0, RSS_ITEMS);
  const feed = new Feed({
    // The newest item's day, not the time of rendering: the feed's bytes change only with its news.
    ...(news[0] ? { updated: zonedInstant(news[0].publishDate, '00:00', settings.timeZone) } : {}),
    title: t('layout.rssTitle', { school: settings.schoolName }),
    description: t('feeds.newsDescription', {
      about: settings.tagline || t('feeds.newsFrom', { school: settings.schoolName }),
      count: RSS_ITEMS,
      archive,
    }),
    id: address('/eventsnews'),
    link: archive,
    language,
    copyright: `© ${settings.schoolName}`,
    feedLinks: { rss: address(FEED_PATHS.rss) },
  });
  for (const item of news) {
    feed.addItem({
      title: item.title,
      id: `${address('/eventsnews')}#news-${item._id}`,
      link: `${address('/eventsnews')}#news-${item._id}`,
      description: markdownPlainText(item.description),
      date: zonedInstant(item.publishDate, '00:00', settings.timeZone),
      ...(item.image ? { image: siteUrl + imageUrl(item.image.imageId, 640) } : {}),
    });
  }
  return feed.rss2();
}

/** The name of the calendar of the events of `category` (all events without one), in `language`. */
export function calendarName(schoolName: string, language: string, category?: string): string {
  const { t } = messagesFor(language);
  return category
    ? t('feeds.categoryCalendarName', { school: schoolName, category })
    : t('feeds.calendarName', { school: schoolName });
}

/**
 * The upcoming events and those of the last 12 months, timed ones at their time in the school's
 * zone, the others as all-day events; the calendar links the archive of past events. `content` is
 * read in `language`, whose pages the calendar links. With a `category` (one of
 * `settings.eventCategories`), the calendar of that category's events only, linking its listing.
 */
export function eventsCalendar(
  content: SiteContent,
  siteUrl: string,
  now = new Date(),
  language = content.settings.languages[0] ?? 'en',
  category?: string,
): string {
  const { settings } = content;
  const { t } = messagesFor(language);
  const host = new URL(siteUrl).hostname;
  const slug = category === undefined ? '' : slugify(category);
  const archive = addressIn(
    siteUrl,
    category === undefined ? EVENTS_BASE : categoryBase(slug),
    language,
    settings.languages,
  );
  const calendar = ical({
    name: calendarName(settings.schoolName, language, category),
    description: t('feeds.calendarDescription', { months: CALENDAR_MONTHS_BACK, archive }),
    url: archive,
    prodId: { company: host, product: category === undefined ? 'events' : `events-${slug}` },
  });
  const empty = calendar.toString();
  const end = empty.lastIndexOf('END:VCALENDAR');
  const texts = new Map<string, string>();
  const since = calendarStart(now, settings.timeZone);
  const page = addressIn(siteUrl, '/eventsnews', language, settings.languages);
  // The same event in another language's calendar is another entry of a calendar app.
  const suffix = settings.languages.indexOf(language) > 0 ? `.${language}` : '';
  // A category's calendar holds the same VEVENTs as the calendar of all events: it takes theirs.
  const previous = eventTexts.get(`${language} ${slug}`);
  const ofAll = category === undefined ? undefined : eventTexts.get(`${language} `);
  for (const event of content.events) {
    if (event.date < since || (category !== undefined && event.category !== category)) continue;
    const key = JSON.stringify([event, settings.timeZone, page]);
    texts.set(
      key,
      previous?.get(key) ??
        ofAll?.get(key) ??
        eventText(event, settings.timeZone, { id: `${event._id}${suffix}@${host}`, page }),
    );
  }
  eventTexts.set(`${language} ${slug}`, texts);
  return empty.slice(0, end) + [...texts.values()].join('') + empty.slice(end);
}

/** The first day the calendar carries: this day 12 months ago in the school's zone. */
export function calendarStart(now: Date, timeZone: string): string {
  const today = dateInZone(now, timeZone);
  return `${Number(today.slice(0, 4)) - CALENDAR_MONTHS_BACK / 12}${today.slice(4)}`;
}

/**
 * Each event's VEVENT, by what it was made from: publishing renders the calendar after every edit
 * of an event, and of a thousand events one has changed. Only the last calendar's of each language
 * and category (`hi sports`; `hi ` of all events) are kept.
 */
const eventTexts = new Map<string, Map<string, string>>();

/**
 * One event as ical-generator writes it (escaped, folded), cut out of a calendar of its own: `id`
 * its UID, `page` the address of the page that shows it.
 */
function eventText(event: SchoolEvent, timeZone: string, { id, page }: { id: string; page: string }): string {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  const calendar = ical();
  calendar.createEvent({
    id,
    summary: event.title,
    description: markdownPlainText(event.description),
    location: event.location || null,
    url: page,
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
