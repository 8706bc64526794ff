/**
 * The plain-link pages under /eventsnews that list every event and every news item a few at a
 * time: the current news, the upcoming events, past events by year and expired news by year.
 * /eventsnews itself shows only the first few of each and links here.
 */
import type { News, SchoolEvent, SiteContent } from '../contract/content.ts';
import { dateInZone, timeInZone } from '../contract/dates.ts';
import { slugify } from '../contract/settings.ts';
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
/** The listings of each event category: `/eventsnews/categories/exams`, `…/exams/past/2025`. */
export const CATEGORIES_BASE = '/eventsnews/categories';

/** The address of the upcoming events of the category `slug`. */
export const categoryBase = (slug: string) => `${CATEGORIES_BASE}/${slug}`;

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

/** One event category's listings: its upcoming events, and its past events by year, newest year first. */
export interface CategoryListings {
  name: string;
  slug: string;
  upcomingEvents: Listing & { kind: 'events' };
  pastEvents: (Listing & { kind: 'events'; year: string })[];
}

/** The event categories' listings, by the event listings they were cut from. */
const categoriesMade = new WeakMap<object, { key: string; listings: CategoryListings[] }>();

/**
 * The listings of each of the school's event `categories` (in their order), cut from `index`'s:
 * an event whose category is no longer one of them is in none.
 */
export function categoryIndex(
  index: Pick<ArchiveIndex, 'upcomingEvents' | 'pastEvents'>,
  categories: readonly string[],
): CategoryListings[] {
  const key = categories.join('\n');
  const made = categoriesMade.get(index.upcomingEvents);
  if (made?.key === key && made.listings.length === categories.length) return made.listings;
  const listings = categories.map((name) => {
    const slug = slugify(name);
    const base = categoryBase(slug);
    const inCategory = (event: SchoolEvent) => event.category === name;
    const past = index.pastEvents.flatMap((listing) => {
      const items = listing.items.filter(inCategory);
      return items.length === 0 ? [] : [{ ...listing, base: `${base}/past/${listing.year}`, items }];
    });
    return {
      name,
      slug,
      upcomingEvents: { ...index.upcomingEvents, base, items: index.upcomingEvents.items.filter(inCategory) },
      pastEvents: past,
    };
  });
  categoriesMade.set(index.upcomingEvents, { key, listings });
  return listings;
}

/** Whether a category has any event, upcoming or past: only those are linked. */
export const hasEvents = (category: CategoryListings) =>
  category.upcomingEvents.items.length > 0 || category.pastEvents.length > 0;

export interface ArchivePage {
  listing: Listing;
  number: number;
  count: number;
  /** The items on this page only. */
  items: Listing['items'];
}

/** The archive page at `path` (e.g. `/eventsnews/events/past/2025/2`), or null when there is none. */
export function findArchivePage(index: ArchiveIndex, path: string): ArchivePage | null {
  return findListingPage([index.currentNews, index.upcomingEvents, ...index.pastEvents, ...index.expiredNews], path);
}

/**
 * The page at `path` of a category's listings (`/eventsnews/categories/exams/past/2025/2`) with
 * its category, or null when there is none.
 */
export function findCategoryPage(
  categories: readonly CategoryListings[],
  path: string,
): (ArchivePage & { category: CategoryListings }) | null {
  for (const category of categories) {
    const page = findListingPage([category.upcomingEvents, ...category.pastEvents], path);
    if (page) return { ...page, category };
  }
  return null;
}

function findListingPage(listings: readonly Listing[], path: string): ArchivePage | null {
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
