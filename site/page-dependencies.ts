/**
 * Which public pages (and feeds) a change of the content touches, so publishing renders only those and carries
 * the others over from the previous build (admin-api/publish/render-pages.ts). Each part of the
 * content names the pages that read it; a part not named here (the settings, the logos, the
 * school's own pages: the header, navigation and footer of every page read them) touches every
 * page, so a new part of the content is safe until it is named.
 *
 * Pages are named by patterns: `/gallery/**` is /gallery and every page below it, `*` one part of
 * an address (`/eventsnews/events/*` is /eventsnews/events/2, /eventsnews/events/3…).
 */
import type { Alert } from './contract/alerts.ts';
import type { SiteContent } from './contract/content.ts';
import { imageField, LEADERSHIP_ROLES, messageField } from './contract/content.ts';
import { contentInLanguage } from './contract/content-language.ts';
import {
  ARCHIVE_PAGE_SIZE,
  type ArchiveIndex,
  archiveIndex,
  CATEGORIES_BASE,
  type CategoryListings,
  categoryIndex,
  EVENTS_BASE,
  hasEvents,
  scheduledNews,
} from './lib/archive-pages.ts';
import { calendarStart, categoryCalendarPath, FEED_PATHS } from './lib/feeds.ts';
import { pathInLanguage } from './lib/language-paths.ts';
import { pageCount, pageNumberOf, pagePath } from './lib/paging.ts';
import { sameValue } from './lib/same-value.ts';

/** Every page. */
export const ALL_PAGES = 'all';
/** The patterns of the pages a change touches, or every page. */
export type TouchedPages = typeof ALL_PAGES | string[];

/**
 * When the pages being compared were made: the previous build's as of `previousAt` (when it
 * began), the next build's as of `nextAt`. Events pass from upcoming to past as the day goes on.
 */
export interface BuildTimes {
  previousAt: Date;
  nextAt: Date;
}

/**
 * The pages a change touches; of a list's pages, also those where no item was added, changed or
 * removed, which only show items moved from the page before or after (an event added at the top
 * of the upcoming ones moves every later one a place down).
 */
interface ListChange {
  pages: string[];
  shifted: string[];
}

type PagesOf<K extends keyof SiteContent> = (
  previous: SiteContent[K],
  next: SiteContent[K],
  at: BuildTimes & { timeZone: string; eventCategories: readonly string[] },
) => string[] | ListChange;

const leadership = LEADERSHIP_ROLES.flatMap((role) => [messageField(role), imageField(role)]);

/** Parts whose pages change with time alone, so they are compared even when the part did not change. */
const TIMED = new Set<keyof SiteContent>(['events']);

/** The pages that read each part of the content, when it changed from `previous` to `next`. */
export const PAGES_READING: { [K in keyof SiteContent]?: PagesOf<K> } = {
  homegallery: () => ['/'],
  gallery: () => ['/gallery/**'],
  events: (previous, next, at) => {
    const [before, after] = [
      archiveIndex({ events: previous, news: [] }, at.previousAt, at.timeZone),
      archiveIndex({ events: next, news: [] }, at.nextAt, at.timeZone),
    ];
    const { pages, shifted } = listPages('upcomingEvents', 'pastEvents', before, after);
    const feed = sameValue(previous, next) ? [] : [FEED_PATHS.calendar];
    const categories = categoryPages(previous, next, before, after, at);
    return { pages: [...feed, ...pages, ...categories.pages], shifted: [...shifted, ...categories.shifted] };
  },
  news: (previous, next, at) => {
    const { pages, shifted } = listPages(
      'currentNews',
      'expiredNews',
      archiveIndex({ events: [], news: previous }, at.previousAt, at.timeZone),
      archiveIndex({ events: [], news: next }, at.nextAt, at.timeZone),
    );
    // /eventsnews also carries the news to come, which no listing shows yet.
    const scheduledChanged = !sameValue(
      scheduledNews(previous, at.previousAt, at.timeZone),
      scheduledNews(next, at.nextAt, at.timeZone),
    );
    const eventsNews = scheduledChanged && !pages.includes('/eventsnews') ? ['/eventsnews'] : [];
    return { pages: [FEED_PATHS.rss, ...pages, ...eventsNews], shifted };
  },
  circulars: () => ['/notifications-circular'],
  retention: () => ['/privacy'],
  // The pages' banner: bannerPages.
  alerts: () => [FEED_PATHS.alerts],
  ...Object.fromEntries(leadership.map((field) => [field, () => ['/about/leadership']])),
};

/**
 * The pages and calendars of the event categories that a change of the events from `previous`
 * (listed in `before`) to `next` (`after`) touches: each category's listings as listPages finds
 * them, and its calendar when its events of the calendar's window changed. When a category gets
 * its first event or loses its last, every page with the row of category links.
 */
function categoryPages(
  previous: SiteContent['events'],
  next: SiteContent['events'],
  before: ArchiveIndex,
  after: ArchiveIndex,
  at: BuildTimes & { timeZone: string; eventCategories: readonly string[] },
): ListChange {
  const [categoriesBefore, categoriesAfter] = [
    categoryIndex(before, at.eventCategories),
    categoryIndex(after, at.eventCategories),
  ];
  const linked = (categories: CategoryListings[]) =>
    categories
      .filter(hasEvents)
      .map((category) => category.slug)
      .join();
  const rows =
    linked(categoriesBefore) === linked(categoriesAfter)
      ? []
      : ['/eventsnews', `${EVENTS_BASE}/**`, `${CATEGORIES_BASE}/**`];
  const [sinceBefore, sinceAfter] = [calendarStart(at.previousAt, at.timeZone), calendarStart(at.nextAt, at.timeZone)];
  const inCalendar = (events: SiteContent['events'], name: string, since: string) =>
    events.filter((event) => event.category === name && event.date >= since);
  const pages: string[] = [...rows];
  const shifted: string[] = [];
  categoriesAfter.forEach((category, i) => {
    const change = listPages(
      'upcomingEvents',
      'pastEvents',
      categoriesBefore[i]!,
      category,
      `${category.upcomingEvents.base}/**`,
    );
    pages.push(...change.pages);
    shifted.push(...change.shifted);
    if (!sameValue(inCalendar(previous, category.name, sinceBefore), inCalendar(next, category.name, sinceAfter))) {
      pages.push(categoryCalendarPath(category.slug));
    }
  });
  return { pages, shifted };
}

/** The notices added, changed or removed between `previous` and `next`. */
function changedAlerts(previous: readonly Alert[], next: readonly Alert[]): Alert[] {
  const before = new Set(previous.map((alert) => JSON.stringify(alert)));
  const after = new Set(next.map((alert) => JSON.stringify(alert)));
  return [...previous, ...next].filter(
    (alert) => !before.has(JSON.stringify(alert)) || !after.has(JSON.stringify(alert)),
  );
}

const homeOnly = (alert: Alert) => alert.showOn === 'home';

/**
 * The pages whose urgent-notice banner differs between `previous` and `next`: the home page for a
 * notice of the home page only, every page for one of every page. Publishing puts the new banner
 * into those the change touched nowhere else, without rendering them again.
 */
export function bannerPages(previous: SiteContent, next: SiteContent): string[] {
  if (JSON.stringify(previous.alerts) === JSON.stringify(next.alerts)) return [];
  const changed = changedAlerts(previous.alerts, next.alerts);
  // None added, changed or removed: their order changed, which every page shows.
  return changed.length > 0 && changed.every(homeOnly) ? ['/'] : ['/**'];
}

/**
 * The pages of a list of events or news whose listings differ from `before` to `after`: /eventsnews
 * (it shows the first of each), the pages of the current ones when they changed, the pages of each
 * year whose archived items changed, and all of them when a year appears or goes, as every page
 * links to every year. Of the current ones' pages, those whose items only moved are `shifted`.
 */
function listPages<C extends 'upcomingEvents' | 'currentNews', A extends 'pastEvents' | 'expiredNews'>(
  current: C,
  archived: A,
  before: Pick<ArchiveIndex, C | A>,
  after: Pick<ArchiveIndex, C | A>,
  category?: string,
): ListChange {
  const years = (index: Pick<ArchiveIndex, C | A>) => index[archived].map((listing) => listing.year).join();
  // A category's pages link its own years; /eventsnews and the other lists, every year.
  if (years(before) !== years(after)) return { pages: [category ?? '/eventsnews/**'], shifted: [] };
  const { base } = after[current];
  const currentChanged = !sameValue(before[current].items, after[current].items);
  const pages = currentChanged ? [base, `${base}/*`] : [];
  after[archived].forEach((listing, i) => {
    if (!sameValue(before[archived][i]!.items, listing.items)) pages.push(`${listing.base}/**`);
  });
  if (pages.length === 0) return { pages: [], shifted: [] };
  const shifted = currentChanged ? shiftedPages(base, before[current].items, after[current].items) : [];
  return { pages: category ? pages : ['/eventsnews', ...pages], shifted };
}

/**
 * The pages of a list (first page at `base`) on which no item was added, changed or removed from
 * `before` to `after`: only items moved from a page beside them, or none.
 */
function shiftedPages(base: string, before: readonly unknown[], after: readonly unknown[]): string[] {
  const [beforeTexts, afterTexts] = [
    before.map((item) => JSON.stringify(item)),
    after.map((item) => JSON.stringify(item)),
  ];
  const [kept, still] = [new Set(beforeTexts), new Set(afterTexts)];
  const changedOn = new Set<number>();
  afterTexts.forEach((text, index) => {
    if (!kept.has(text)) changedOn.add(pageNumberOf(index, ARCHIVE_PAGE_SIZE));
  });
  beforeTexts.forEach((text, index) => {
    if (!still.has(text)) changedOn.add(pageNumberOf(index, ARCHIVE_PAGE_SIZE));
  });
  const numbers = Array.from({ length: pageCount(after.length, ARCHIVE_PAGE_SIZE) }, (_, i) => i + 1);
  return numbers.filter((number) => !changedOn.has(number)).map((number) => pagePath(base, number));
}

/** What a change from one version of the content to the next does to the pages. */
export interface PageChanges {
  /** The pages whose content differs. */
  touched: TouchedPages;
  /** Among them, the pages of a list whose items only moved: publishing may serve the others first. */
  shifted: string[];
  /** The pages whose urgent-notice banner differs (bannerPages). */
  banner: string[];
}

/**
 * What the change from `previous` (its pages made `at.previousAt`) to `next` (made `at.nextAt`)
 * does to the pages. Parts that are the same objects in both (as in the server's versions of the
 * content, which share what a change did not touch) are not compared further. Of a site of several
 * languages, each language's pages (`/hi/…`) are compared in the content in that language, so a
 * change of a Hindi text touches only Hindi pages.
 */
export function changedPages(previous: SiteContent, next: SiteContent, at: BuildTimes): PageChanges {
  const languages = next.settings.languages ?? [];
  if (languages.length < 2 || !sameValue(previous.settings.languages, languages)) {
    return changedInOneLanguage(previous, next, at);
  }
  const changes = languages.map((language) => {
    const change = changedInOneLanguage(contentInLanguage(previous, language), contentInLanguage(next, language), at);
    return inLanguagePages(change, language, languages);
  });
  if (changes.some((change) => change.touched === ALL_PAGES)) {
    return { touched: ALL_PAGES, shifted: [], banner: changes.flatMap((change) => change.banner) };
  }
  return {
    touched: [...new Set(changes.flatMap((change) => change.touched as string[]))].sort(),
    shifted: changes.flatMap((change) => change.shifted),
    banner: changes.flatMap((change) => change.banner),
  };
}

/** Files every language shares, which carry the translations themselves. */
const SHARED_FILES = new Set([FEED_PATHS.alerts]);

/** `change`, of the default pages in `language`, made the changes of that language's pages. */
function inLanguagePages(change: PageChanges, language: string, languages: readonly string[]): PageChanges {
  const inLanguage = (patterns: string[]) =>
    patterns.map((pattern) => (SHARED_FILES.has(pattern) ? pattern : pathInLanguage(pattern, language, languages)));
  const { touched, shifted, banner } = change;
  return {
    touched: touched === ALL_PAGES ? ALL_PAGES : inLanguage(touched),
    shifted: inLanguage(shifted),
    banner: inLanguage(banner),
  };
}

function changedInOneLanguage(previous: SiteContent, next: SiteContent, at: BuildTimes): PageChanges {
  const touched = new Set<string>();
  const shifted: string[] = [];
  const banner = bannerPages(previous, next);
  const parts = new Set([...Object.keys(previous), ...Object.keys(next)]) as Set<keyof SiteContent>;
  const timeZone = next.settings.timeZone;
  for (const part of parts) {
    if (!TIMED.has(part) && sameValue(previous[part], next[part])) continue;
    const pagesOf = PAGES_READING[part] as PagesOf<typeof part> | undefined;
    if (!pagesOf) return { touched: ALL_PAGES, shifted: [], banner };
    const change = pagesOf(previous[part], next[part], {
      ...at,
      timeZone,
      eventCategories: next.settings.eventCategories ?? [],
    });
    for (const page of Array.isArray(change) ? change : change.pages) touched.add(page);
    if (!Array.isArray(change)) shifted.push(...change.shifted);
  }
  return { touched: [...touched].sort(), shifted, banner };
}

/** The pages whose content differs between `previous` (its pages made `at.previousAt`) and `next` (made `at.nextAt`). */
export function touchedPages(previous: SiteContent, next: SiteContent, at: BuildTimes): TouchedPages {
  return changedPages(previous, next, at).touched;
}

/** Whether the page at `path` is among `touched`. */
export function isTouched(path: string, touched: TouchedPages): boolean {
  return touched === ALL_PAGES || touched.some((pattern) => matches(pattern, path));
}

function matches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const parts = path.split('/').filter(Boolean);
  for (const [index, part] of wanted.entries()) {
    if (part === '**') return true;
    if (index >= parts.length || (part !== '*' && part !== parts[index])) return false;
  }
  return wanted.length === parts.length;
}
