/**
 * Build-time access to the site content. The server's build worker points SCHOOL_CONTENT_FILE at
 * the snapshot a build is made from; pages call this in their frontmatter.
 */
import { readFileSync } from 'node:fs';
import { SiteContent } from './content-schema.ts';

export function loadSiteContent(): SiteContent {
  const file = process.env.SCHOOL_CONTENT_FILE;
  if (!file) {
    throw new Error('SCHOOL_CONTENT_FILE is not set: build the site with `npm start` or `npm run build`.');
  }
  return SiteContent.parse(JSON.parse(readFileSync(file, 'utf8')));
}
