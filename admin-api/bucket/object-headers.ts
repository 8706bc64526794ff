/**
 * Content-Type and Cache-Control of a published file, by its kind: hashed assets and uploads
 * (their names change with their bytes) are kept for a year, pages and feeds are checked again.
 */
import { isHashedSearchFile } from '../../site/contract/search.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};
/** The news feeds: the site's and each language's (`/rss.xml`, `/hi/rss.xml`). */
const RSS_FEED = /^(?:\/[^/]+)?\/rss\.xml$/;
const RSS_TYPE = 'application/rss+xml; charset=utf-8';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Whether the file at `path` never changes under the same name. */
export const isImmutable = (path: string) =>
  path.startsWith('/_astro/') ||
  path.startsWith('/images/') ||
  path.startsWith('/documents/') ||
  isHashedSearchFile(path);

export function objectHeaders(path: string): { contentType: string; cacheControl: string } {
  const extension = /\.[a-z0-9]+$/i.exec(path)?.[0]?.toLowerCase() ?? '';
  return {
    contentType: RSS_FEED.test(path) ? RSS_TYPE : (TYPES[extension] ?? 'application/octet-stream'),
    cacheControl: isImmutable(path) ? IMMUTABLE : REVALIDATE,
  };
}
