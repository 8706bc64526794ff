/**
 * The site search (Pagefind, built by admin-api/publish/search-index.ts, read by site/pages/search.astro):
 * what kind of thing a result is, as the index records it (`kind` meta) and the results name it.
 */
export const SEARCH_KINDS = {
  news: 'news',
  event: 'event',
  circular: 'circular',
  document: 'document',
  page: 'page',
  photo: 'photo',
} as const;
export type SearchKind = (typeof SEARCH_KINDS)[keyof typeof SEARCH_KINDS];

/** Where the index is served from, on the server, in `npm run build`'s output and in the bucket. */
export const SEARCH_INDEX_PATH = '/pagefind';

/**
 * Whether a file of the index is named after its content (its chunks and metadata), so it may be
 * cached for good; pagefind.js and pagefind-entry.json, which name the current chunks, may not.
 */
export const isHashedSearchFile = (path: string) =>
  /^\/pagefind\/(?:fragment|index|filter)\/[^/]+$|^\/pagefind\/[^/]+\.pf_meta$/.test(path);

/** The id of an item's element on the page that lists it, which its search result links to. */
export const itemAnchor = (kind: 'news' | 'event' | 'photo' | 'circular', id: string) => `${kind}-${id}`;
