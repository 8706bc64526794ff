/**
 * Every change of the content says who made it and when, on the part it changed: each item of a
 * list, each page, the settings, each leader's message and photo (`updated`). That stamp is the
 * version a later save says it started from (workflow/versions.ts), so a save from an older one
 * is refused instead of silently undoing the change. A changed part's translations keep their
 * basis (site/contract/translations.ts): a translation saved now is based on the text it stands
 * beside now, one left as it was on the text it was saved beside.
 *
 * It runs once per change, on the finished document (JsonDocument's `finish`): a part the change
 * did not touch is the same object as before (immer), and a part sent again unchanged (a whole
 * document PUT) takes back its stored object, so only what really changed is stamped.
 */
import { imageField, LEADERSHIP_ROLES, messageField, type SiteContent } from '../../site/contract/content.ts';
import type { Page } from '../../site/contract/pages.ts';
import { PUBLICATION_LISTS } from '../../site/contract/public-content.ts';
import { isPublicAt, localDateTime, type Stamp } from '../../site/contract/publication.ts';
import { type Translatable, withTranslationBasis } from '../../site/contract/translations.ts';

type Stamped = { updated?: Stamp | undefined } & Translatable;
type Keyed = Stamped & { _id?: string; slug?: string };

const STAMPED_LISTS = ['logos', 'alerts', ...PUBLICATION_LISTS] as const;

/** `next` with what changed since `previous` stamped as changed by `by` at `now`. */
export function stampChanges(next: SiteContent, previous: SiteContent, by: string, now = new Date()): SiteContent {
  const stamp = (before: Stamped | undefined): Stamp => ({ at: laterThan(before?.updated, now), by });
  const result = { ...next };
  for (const key of STAMPED_LISTS) {
    if (next[key] !== previous[key]) {
      (result as Record<string, unknown>)[key] = stampList(next[key] as Keyed[], previous[key] as Keyed[], stamp);
    }
  }
  if (next.pages !== previous.pages) {
    const at = localDateTime(now, next.settings.timeZone);
    const pages = stampList(next.pages, previous.pages, stamp, (page) => page.slug!);
    result.pages = pages.map((page, index) => withLiveText(page, previous.pages[index], at)) as SiteContent['pages'];
  }
  if (next.settings !== previous.settings && !sameExceptStamp(next.settings, previous.settings)) {
    result.settings = withTranslationBasis({ ...next.settings, updated: stamp(previous.settings) }, previous.settings);
  } else if (next.settings !== previous.settings) {
    result.settings = previous.settings;
  }
  const leaders = LEADERSHIP_ROLES.filter(
    (role) => next[messageField(role)] !== previous[messageField(role)] || !sameImage(next, previous, role),
  );
  // Who changed each leader's part is the server's to say, never what a client sent (PUT /api/content).
  if (previous.leadershipUpdated) result.leadershipUpdated = previous.leadershipUpdated;
  else delete result.leadershipUpdated;
  if (leaders.length > 0) {
    const before = previous.leadershipUpdated ?? {};
    result.leadershipUpdated = { ...before };
    for (const role of leaders) {
      result.leadershipUpdated[role] = { at: laterThan(before[role], now), by };
    }
  }
  return withTranslationBasis(result, previous);
}

/** The list with each new or changed item stamped; an item sent again unchanged is the stored one. */
function stampList<T extends Keyed>(
  next: readonly T[],
  previous: readonly T[],
  stamp: (before: T | undefined) => Stamp,
  keyOf: (item: T) => string = (item) => item._id!,
): T[] {
  // An item at its place as stored is unchanged; only the others are looked up, by key (a long
  // list's every key would take longer than the rest of an edit).
  const displaced = (item: T, index: number) => previous[index] !== item;
  const wanted = new Set(next.filter(displaced).map(keyOf));
  const before = new Map(previous.filter((item) => wanted.has(keyOf(item))).map((item) => [keyOf(item), item]));
  return next.map((item, index) => {
    if (!displaced(item, index)) return item;
    const stored = before.get(keyOf(item));
    if (stored === item) return item;
    if (stored && sameExceptStamp(item, stored)) return stored;
    return withTranslationBasis({ ...item, updated: stamp(stored) }, stored);
  });
}

/**
 * While a page waits (a draft, a review, a time to come), visitors keep the text it had when it
 * was last public: kept from the page as stored, or taken from it when it was public until now.
 */
function withLiveText(page: Page, stored: Page | undefined, at: string): Page {
  if (isPublicAt(page, at)) {
    if (!page.live) return page;
    const { live: _live, ...rest } = page;
    return rest;
  }
  const live = stored && (isPublicAt(stored, at) ? liveText(stored) : stored.live);
  return live && page.live !== live ? { ...page, live } : page;
}

/** The texts of a page visitors read, in every language. */
function liveText({ title, body, translations }: Page): NonNullable<Page['live']> {
  return { title, body, ...(translations && { translations }) };
}

/** A moment after `before`, however close the two changes: versions never repeat. */
function laterThan(before: Stamp | undefined, now: Date): string {
  const earliest = before ? Date.parse(before.at) + 1 : 0;
  return new Date(Math.max(now.getTime(), earliest)).toISOString();
}

function sameExceptStamp(a: Stamped, b: Stamped): boolean {
  // The basis of the translations is the server's: a client that sends an item back may leave it out.
  const mine = (item: Stamped) => ({ ...item, updated: null, translationBasis: null });
  return JSON.stringify(mine(a)) === JSON.stringify(mine(b));
}

function sameImage(next: SiteContent, previous: SiteContent, role: (typeof LEADERSHIP_ROLES)[number]): boolean {
  const [a, b] = [next[imageField(role)], previous[imageField(role)]];
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
