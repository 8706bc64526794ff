/**
 * The pages no link of the public site leads to, which publishing renders besides those it finds
 * by following links (admin-api/publish/render-pages.ts): the administrator login, the
 * administrator login without the first-time setup (served as /admin once an administrator
 * exists), the pages a subscriber's e-mails link (to confirm, to change what it receives), and the about addresses of the school's former names, which redirect to the current ones.
 */
import type { SiteContent } from './contract/content.ts';
import { aboutPath, whyPath } from './contract/settings.ts';
import { CONFIRM_PATH, MANAGE_PATH } from './lib/subscription-paths.ts';

export function entryPaths(content: SiteContent): string[] {
  const former = content.settings.formerSlugs.flatMap((slug) => [aboutPath(slug), whyPath(slug)]);
  return ['/admin', '/admin/login', CONFIRM_PATH, MANAGE_PATH, ...former];
}
