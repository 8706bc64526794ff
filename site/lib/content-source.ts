/**
 * Access to the site content while pages render. The server points SCHOOL_CONTENT_FILE at the
 * snapshot the pages are rendered from (admin-api/publish/); pages call this in their frontmatter.
 */
import { readFileSync } from 'node:fs';
import { SiteContent } from '../contract/content.ts';

/** Snapshots never change under their name: each is read and checked once. */
let cached: { file: string; content: SiteContent } | null = null;

export function loadSiteContent(): SiteContent {
  const file = process.env.SCHOOL_CONTENT_FILE;
  if (!file) {
    throw new Error('SCHOOL_CONTENT_FILE is not set: the pages are rendered by the server (npm start).');
  }
  if (cached?.file !== file) {
    cached = { file, content: SiteContent.parse(JSON.parse(readFileSync(file, 'utf8'))) };
  }
  return cached.content;
}
