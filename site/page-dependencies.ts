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
import type { News, SchoolEvent, SiteContent } from './contract/content.ts';
import { imageField, LEADERSHIP_ROLES, messageField } from './contract/content.ts';
import { EVENTS_BASE, NEWS_BASE } from './lib/archive-pages.ts';
import { FEED_PATHS } from './lib/feeds.ts';
import { byYear } from './lib/paging.ts';

/** Every page. */
export const ALL_PAGES = 'all';
/** The patterns of the pages a change touches, or every page. */
export type TouchedPages = typeof ALL_PAGES | string[];

type PagesOf<K extends keyof SiteContent> = (previous: SiteContent[K], next: SiteContent[K], today: string) => string[];

const leadership = LEADERSHIP_ROLES.flatMap((role) => [messageField(role), imageField(role)]);

/** The pages that read each part of the content, when it changed from `previous` to `next`. */
export const PAGES_READING: { [K in keyof SiteContent]?: PagesOf<K> } = {
  homegallery: () => ['/'],
  gallery: () => ['/gallery/**'],
  events: (previous, next, today) => [
    FEED_PATHS.calendar,
    ...listPages(EVENTS_BASE, previous, next, (event) => event.date, today, ['/eventsnews', `${EVENTS_BASE}/*`]),
  ],
  news: (previous, next, today) => [
    FEED_PATHS.rss,
    ...listPages(NEWS_BASE, previous, next, (news) => news.expiryDate ?? '', today, ['/eventsnews', `${NEWS_BASE}/*`]),
  ],
  circulars: () => ['/notifications-circular'],
  retention: () => ['/privacy'],
  // A notice for the home page only touches it; one for every page, every page.
  alerts: (previous, next) => [FEED_PATHS.alerts, ...(changedAlerts(previous, next).every(homeOnly) ? ['/'] : ['/**'])],
  ...Object.fromEntries(leadership.map((field) => [field, () => ['/about/leadership']])),
};

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
 * The pages of a list of events or news that changed: /eventsnews, the pages of the current ones
 * (`always`), the year pages whose items changed (with this year's, where items pass from current
 * to past as the day goes on), and all of them when a year appears or goes, as every page links
 * to every year.
 */
function listPages<T extends SchoolEvent | News>(
  base: string,
  previous: readonly T[],
  next: readonly T[],
  dateOf: (item: T) => string,
  today: string,
  always: string[],
): string[] {
  const years = (items: readonly T[]) =>
    new Map(byYear(items, (item) => dateOf(item).slice(0, 4)).map(({ year, items: inYear }) => [year, inYear]));
  const [before, after] = [years(previous), years(next)];
  if ([...before.keys()].join() !== [...after.keys()].join()) return ['/eventsnews/**'];
  const archive = base === EVENTS_BASE ? `${base}/past` : `${base}/expired`;
  // News that never expires has no year: it is on the pages of the current news (`always`).
  const changed = [...after.keys()].filter(
    (year) => year !== '' && JSON.stringify(before.get(year)) !== JSON.stringify(after.get(year)),
  );
  const thisYear = today.slice(0, 4);
  return [...always, base, ...new Set([thisYear, ...changed]).values().map((year) => `${archive}/${year}/**`)];
}

/** The pages whose content differs between `previous` and `next`, on the school's date `today`. */
export function touchedPages(previous: SiteContent, next: SiteContent, today: string): TouchedPages {
  const touched = new Set<string>();
  const parts = new Set([...Object.keys(previous), ...Object.keys(next)]) as Set<keyof SiteContent>;
  for (const part of parts) {
    if (JSON.stringify(previous[part]) === JSON.stringify(next[part])) continue;
    const pagesOf = PAGES_READING[part] as PagesOf<typeof part> | undefined;
    if (!pagesOf) return ALL_PAGES;
    for (const page of pagesOf(previous[part], next[part], today)) touched.add(page);
  }
  return [...touched].sort();
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
