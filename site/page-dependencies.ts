/**
 * Which public pages a change of the content touches, so publishing renders only those and carries
 * the others over from the previous build (admin-api/publish/render-pages.ts). Each part of the
 * content names the pages that read it; a part not named here (the settings, the logos, the
 * school's own pages: the header, navigation and footer of every page read them) touches every
 * page, so a new part of the content is safe until it is named.
 */
import { imageField, LEADERSHIP_ROLES, messageField, type SiteContent } from './contract/content.ts';

/** Every page. */
export const ALL_PAGES = 'all';
/** The address prefixes of the pages a change touches (`/gallery` is /gallery and /gallery/…), or every page. */
export type TouchedPages = typeof ALL_PAGES | string[];

const leadership = LEADERSHIP_ROLES.flatMap((role) => [messageField(role), imageField(role)]);

/** The pages that read each part of the content, by address prefix. */
export const PAGES_READING: Partial<Record<keyof SiteContent, string[]>> = {
  homegallery: ['/'],
  gallery: ['/gallery'],
  events: ['/eventsnews'],
  news: ['/eventsnews'],
  circulars: ['/notifications-circular'],
  ...Object.fromEntries(leadership.map((field) => [field, ['/about/leadership']])),
};

/** The pages whose content differs between `previous` and `next`. */
export function touchedPages(previous: SiteContent, next: SiteContent): TouchedPages {
  const touched = new Set<string>();
  const parts = new Set([...Object.keys(previous), ...Object.keys(next)]) as Set<keyof SiteContent>;
  for (const part of parts) {
    if (JSON.stringify(previous[part]) === JSON.stringify(next[part])) continue;
    const pages = PAGES_READING[part];
    if (!pages) return ALL_PAGES;
    for (const page of pages) touched.add(page);
  }
  return [...touched].sort();
}

/** Whether the page at `path` is among `touched`. */
export function isTouched(path: string, touched: TouchedPages): boolean {
  if (touched === ALL_PAGES) return true;
  return touched.some((prefix) => path === prefix || (prefix !== '/' && path.startsWith(`${prefix}/`)));
}
