/**
 * The content as visitors may see it at a given moment: only what is published and due, without
 * the fields no visitor sees (who wrote or changed what, a reviewer's note). The public API, the
 * published pages, the feeds, the static build and the bucket are all made from this view, so a
 * draft cannot reach any of them by a path that forgot to filter it.
 *
 * A page is always there (the site links it everywhere): while a new text of it waits, visitors
 * keep the text it had when it was last public (`live`).
 */
import { isShowing, nextAlertChange } from './alerts.ts';
import type { SiteContent } from './content.ts';
import type { PAGE_SLUGS, Page } from './pages.ts';
import { isPublicAt, isScheduledAt, localDateTime, PRIVATE_FIELDS, type Publication } from './publication.ts';

/** The lists whose items can wait for publishing. */
export const PUBLICATION_LISTS = ['events', 'news', 'circulars', 'gallery', 'homegallery'] as const;
export type PublicationList = (typeof PUBLICATION_LISTS)[number];

type Item = Publication & { _id: string };

interface Cached<T> {
  timeZone: string;
  /** The wall-clock time it was made for, and the next one at which it changes (`~` for never). */
  from: string;
  until: string;
  /** The next instant (ms) a notice starts or ends (alerts.ts): notices are timed to the second. */
  untilMs?: number;
  value: T;
}

const NEVER = '~';
const views = new WeakMap<object, Cached<SiteContent>>();
const lists = new WeakMap<object, Cached<unknown[]>>();
const stripped = new WeakMap<object, object>();

/** The content visitors may see at `now`: the same object for the same content until something is due. */
export function publicContent(content: SiteContent, now: Date): SiteContent {
  const { timeZone } = content.settings;
  const at = localDateTime(now, timeZone);
  const cached = views.get(content);
  if (cached && isValid(cached, timeZone, at) && now.getTime() < cached.untilMs!) return cached.value;
  const view: SiteContent = {
    ...content,
    settings: withoutPrivateFields(content.settings),
    logos: content.logos.map(withoutPrivateFields),
    pages: content.pages.map((page) => publicPage(page, at)) as SiteContent['pages'],
    alerts: (content.alerts ?? []).filter((alert) => isShowing(alert, now)).map(withoutPrivateFields),
  };
  delete view.leadershipUpdated;
  delete view.translationBasis;
  let until = nextPageChange(content.pages, at);
  for (const key of PUBLICATION_LISTS) {
    const list = publicList(content[key] as readonly Item[], timeZone, at);
    (view as Record<PublicationList, unknown[]>)[key] = list.value;
    if (list.until < until) until = list.until;
  }
  views.set(content, { timeZone, from: at, until, untilMs: nextAlertChange(content.alerts ?? [], now), value: view });
  return view;
}

/**
 * When the content visitors may see changes next with no edit, after `now`: the school's
 * wall-clock time (`YYYY-MM-DDTHH:MM`) of the next item or page due, and the instant (ms) a notice
 * next starts or ends; each absent when there is none.
 */
export function nextPublicChange(content: SiteContent, now: Date): { due?: string; alertAt?: number } {
  publicContent(content, now);
  const { until, untilMs } = views.get(content)!;
  return {
    ...(until !== NEVER && { due: until }),
    ...(untilMs !== undefined && Number.isFinite(untilMs) && { alertAt: untilMs }),
  };
}

/** The latest scheduled time that has come by `at` (or ''): publishing renders again when it moves. */
export function lastPublication(content: SiteContent, at: string): string {
  let last = '';
  const consider = (item: Pick<Publication, 'status' | 'publishAt'>) => {
    if (item.status === 'published' && item.publishAt !== null && item.publishAt <= at && item.publishAt > last) {
      last = item.publishAt;
    }
  };
  for (const key of PUBLICATION_LISTS) for (const item of content[key] as readonly Item[]) consider(item);
  for (const page of content.pages) consider(page);
  return last;
}

/** What a draft can be previewed as: items of these lists, and the pages (by slug). */
export const PREVIEW_KINDS = ['news', 'events', 'circulars', 'pages'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/**
 * The content visitors would see at `now` were the item `id` of `kind` (a page: its slug)
 * published now: what its preview is rendered from. Null when there is no such item.
 */
export function previewContent(content: SiteContent, kind: PreviewKind, id: string, now: Date): SiteContent | null {
  const asPublished = <T extends Publication>(item: T): T => ({ ...item, status: 'published', publishAt: null });
  if (kind === 'pages') {
    if (!content.pages.some((page) => page.slug === id)) return null;
    const pages = content.pages.map((page) => (page.slug === id ? asPublished(page) : page));
    return publicContent({ ...content, pages: pages as SiteContent['pages'] }, now);
  }
  const items = content[kind] as readonly Item[];
  if (!items.some((item) => item._id === id)) return null;
  const list = items.map((item) => (item._id === id ? asPublished(item) : item));
  return publicContent({ ...content, [kind]: list }, now);
}

/** `item` without the fields no visitor sees; the same object each time for the same item. */
export function withoutPrivateFields<T extends object>(item: T): T {
  if (!PRIVATE_FIELDS.some((field) => field in item)) return item;
  let copy = stripped.get(item) as T | undefined;
  if (!copy) {
    copy = { ...item };
    for (const field of PRIVATE_FIELDS) delete (copy as Record<string, unknown>)[field];
    stripped.set(item, copy);
  }
  return copy;
}

/** Whether `item` is public at the school's wall-clock time `at`. */
export const isPublic = (item: Pick<Publication, 'status' | 'publishAt'>, at: string) => isPublicAt(item, at);

/** The public items of a list, remembered until the next of its scheduled items is due. */
function publicList(items: readonly Item[], timeZone: string, at: string): Cached<unknown[]> {
  const cached = lists.get(items);
  if (cached && isValid(cached, timeZone, at)) return cached;
  let until = NEVER;
  const value: Item[] = [];
  for (const item of items) {
    if (isPublicAt(item, at)) value.push(withoutPrivateFields(item));
    else if (isScheduledAt(item, at) && item.publishAt! < until) until = item.publishAt!;
  }
  const made = { timeZone, from: at, until, value };
  lists.set(items, made);
  return made;
}

function nextPageChange(pages: readonly Page[], at: string): string {
  let until = NEVER;
  for (const page of pages) if (isScheduledAt(page, at) && page.publishAt! < until) until = page.publishAt!;
  return until;
}

function publicPage(page: Page, at: string): Page {
  if (isPublicAt(page, at)) return withoutPrivateFields(withoutLive(page));
  const text = page.live ?? { title: titleOf(page.slug), body: '' };
  return { slug: page.slug, ...text, status: 'published', publishAt: null };
}

function withoutLive(page: Page): Page {
  if (!page.live) return page;
  const { live: _live, ...rest } = page;
  return rest;
}

/** `mandatory-public-disclosure` → `Mandatory public disclosure`: a page that was never public. */
const titleOf = (slug: (typeof PAGE_SLUGS)[number]) => `${slug[0]!.toUpperCase()}${slug.slice(1).replaceAll('-', ' ')}`;

const isValid = (cached: Cached<unknown>, timeZone: string, at: string) =>
  cached.timeZone === timeZone && cached.from <= at && at < cached.until;
