/**
 * A build's content file, as the publishing process reads it. Nothing is kept between builds: the
 * server says what an edit changed, so the previous build's content is read only when it cannot
 * (the first build after a start on changed content), and a parsed content is the largest thing
 * the process would hold.
 */
import { readFileSync } from 'node:fs';
import type { SiteContent } from '../../site/contract/content.ts';

/** The content in `file`, a build's snapshot. */
export function contentSnapshot(file: string): SiteContent {
  return JSON.parse(readFileSync(file, 'utf8')) as SiteContent;
}
