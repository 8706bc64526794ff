/**
 * The content files of recent builds, read once each by the publishing process: the next build
 * compares its content with the one the last build was made from (carry-over.ts) without reading
 * and parsing that again. Pages only read the content, so a parsed document can be shared.
 */
import { readFileSync } from 'node:fs';
import type { SiteContent } from '../../site/contract/content.ts';

/** The last build's and the current one's. */
const KEPT = 2;
const recent = new Map<string, SiteContent>();

/** The content in `file`, a build's snapshot, which never changes once written. */
export function contentSnapshot(file: string): SiteContent {
  let content = recent.get(file);
  if (!content) {
    content = JSON.parse(readFileSync(file, 'utf8')) as SiteContent;
    recent.set(file, content);
    for (const older of [...recent.keys()].slice(0, -KEPT)) recent.delete(older);
  }
  return content;
}
