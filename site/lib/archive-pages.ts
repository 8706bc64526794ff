/**
 * The plain-link pages under /eventsnews that list every event and every news item a few at a
 * time: the current news, the upcoming events, past events by year and expired news by year.
 * /eventsnews itself shows only the first few of each and links here.
 */
import type { News, SchoolEvent, SiteContent } from '../contract/content.ts';
import { dateInZone, timeInZone } from '../contract/dates.ts';
import { byYear, pageCount, pageOf, parsePageNumber } from './paging.ts';
import { currentNews, splitEvents } from './schedule.ts';

/** Items on one archive page. */
export const ARCHIVE_PAGE_SIZE = 20;
/** Items of each list /eventsnews shows itself. */
export const FIRST_VIEW_SIZE = 10;

export type Listing =
  | { kind: 'news'; base: string; title: string; items: News[] }
  | { kind: 'events'; base: string; title: string; items: SchoolEvent[] };

export interface ArchiveIndex {
  currentNews: Listing & { kind: 'news' };
  upcomingEvents: Listing & { kind: 'events' };
  /** Past events by the year of their date, newest year first. */
  pastEvents: (Listing & { kind: 'events'; year: string })[];
  /** Expired news by the year of their expiry date, newest year first. */
  expiredNews: (Listing & { kind: 'news'; year: string })[];
}

export const NEWS_BASE = '/eventsnews/news';
export const EVENTS_BASE = '/eventsnews/events';

type ArchiveContent = Pick<SiteContent, 'events' | 'news'>;
type EventListings = Pick<ArchiveIndex, 'upcomingEvents' | 'pastEvents'>;
type NewsListings = Pick<ArchiveIndex, 'currentNews' | 'expiredNews'>;

/**
 * The listings of each list of events and of news, by the minute they were made. Kept by the list,
 * not by the content: an edit of the events leaves the news the same list (in the publishing
 * process too: publish/content-snapshots.ts), whose 20,000 items at the limit are not sorted again.
 */
const eventsMade = new WeakMap<readonly SchoolEvent[], { key: string; listings: EventListings }>();
const newsMade = new WeakMap<readonly News[], { key: string; listings: NewsListings }>();

/** Every list of events and news as it stands at `now` in the school's time zone. */
export function archiveIndex(content: ArchiveContent, now: Date, timeZone: string): ArchiveIndex {
  const key = `${timeZone} ${dateInZone(now, timeZone)} ${timeInZone(now, timeZone)}`;
  let events = eventsMade.get(content.events);
  if (events?.key !== key) {
    events = { key, listings: eventListings(content.events, now, timeZone) };
    eventsMade.set(content.events, events);
  }
  let news = newsMade.get(content.news);
  if (news?.key !== key) {
    news = { key, listings: newsListings(content.news, now, timeZone) };
    newsMade.set(content.news, news);
  }
  return { ...news.listings, ...events.listings };
}

function eventListings(events: readonly SchoolEvent[], now: Date, timeZone: string): EventListings {
  const { upcoming, past } = splitEvents(events, now, timeZone);
  return {
    upcomingEvents: { kind: 'events', base: EVENTS_BASE, title: 'Upcoming events', items: upcoming },
    pastEvents: byYear(past, (event) => event.date.slice(0, 4)).map(({ year, items }) => ({
      kind: 'events',
      base: `${EVENTS_BASE}/past/${year}`,
      title: `Past events of ${year}`,
      year,
      items,
    })),
  };
}

function newsListings(news: readonly News[], now: Date, timeZone: string): NewsListings {
  const today = dateInZone(now, timeZone);
  const expired = news
    .filter((item) => item.expiryDate && item.expiryDate < today)
    .sort((a, b) => b.expiryDate!.localeCompare(a.expiryDate!) || b.publishDate.localeCompare(a.publishDate));
  return {
    currentNews: { kind: 'news', base: NEWS_BASE, title: 'News', items: currentNews(news, now, timeZone) },
    expiredNews: byYear(expired, (item) => item.expiryDate!.slice(0, 4)).map(({ year, items }) => ({
      kind: 'news',
      base: `${NEWS_BASE}/expired/${year}`,
      title: `Earlier news of ${year}`,
      year,
      items,
    })),
  };
}

export interface ArchivePage {
  listing: Listing;
  number: number;
  count: number;
  /** The items on this page only. */
  items: Listing['items'];
}

/** The archive page at `path` (e.g. `/eventsnews/events/past/2025/2`), or null when there is none. */
export function findArchivePage(index: ArchiveIndex, path: string): ArchivePage | null {
  const listings: Listing[] = [index.currentNews, index.upcomingEvents, ...index.pastEvents, ...index.expiredNews];
  for (const listing of listings) {
    if (path !== listing.base && !path.startsWith(`${listing.base}/`)) continue;
    const number = parsePageNumber(path.slice(listing.base.length + 1));
    if (number === null) continue;
    const items = pageOf<News | SchoolEvent>(listing.items, number, ARCHIVE_PAGE_SIZE);
    if (!items) return null;
    // A list with nothing in it still has its page, so the links to it never break.
    return { listing, number, count: pageCount(listing.items.length, ARCHIVE_PAGE_SIZE), items } as ArchivePage;
  }
  return null;
}

/**
 * The news dated later than today (in `timeZone` at `at`) that /eventsnews carries, soonest
 * first, so the browser shows each on its day even if the page is not rebuilt by then.
 */
export function scheduledNews(news: readonly News[], at: Date, timeZone: string): News[] {
  const today = dateInZone(at, timeZone);
  return news
    .filter((item) => item.publishDate > today)
    .sort((a, b) => a.publishDate.localeCompare(b.publishDate))
    .slice(0, FIRST_VIEW_SIZE);
}
