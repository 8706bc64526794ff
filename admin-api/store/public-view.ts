import type { SiteContent } from '../../site/contract/content.ts';
import { publicContent } from '../../site/contract/public-content.ts';
import type { Stores } from './stores.ts';

/** The stored content as visitors may see it now: what every public answer is made from. */
export function publicView(stores: Pick<Stores, 'content'>, now = new Date()): SiteContent {
  return publicContent(stores.content.data, now);
}
