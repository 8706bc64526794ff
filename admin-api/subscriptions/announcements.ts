/**
 * What the subscribers are told, as the outbox keeps it until it is sent: an urgent notice that
 * started, an item that became public (a news item, an event, a circular), or a digest of the
 * items that became public since the last one. Each carries the texts as they were when it was
 * decided (in every language), so what goes out does not depend on when it goes out.
 */
import type { Alert } from '../../site/contract/alerts.ts';
import type { Circular, News, SchoolEvent, SiteContent } from '../../site/contract/content.ts';
import { itemAnchor } from '../../site/contract/search.ts';
import type { Subscription, SubscriptionTopic } from '../../site/contract/subscriptions.ts';
import { ARCHIVE_PAGE_SIZE, archiveIndex, EVENTS_BASE, NEWS_BASE } from '../../site/lib/archive-pages.ts';
import { pageNumberOf, pagePath } from '../../site/lib/paging.ts';
import type { DigestFrequency } from './digest-schedule.ts';

export type ItemTopic = Exclude<SubscriptionTopic, 'alerts'>;
export const ITEM_TOPICS: readonly ItemTopic[] = ['news', 'events', 'circulars'];

export type TopicItem = News | SchoolEvent | Circular;

/** An item that became public, and the page (of the default language) that shows it. */
export interface AnnouncedItem {
  topic: ItemTopic;
  item: TopicItem;
  /** `/eventsnews/news#news-<id>`: the listing page that shows it now, at its anchor. */
  path: string;
}

export type Announcement =
  | { kind: 'alert'; alert: Alert }
  | { kind: 'item'; announced: AnnouncedItem }
  | { kind: 'digest'; frequency: DigestFrequency; items: AnnouncedItem[] };

/** The page showing `item` of `topic` in the public `view` at `now`, at the item's anchor. */
export function itemPath(view: SiteContent, topic: ItemTopic, id: string, now: Date): string {
  if (topic === 'circulars') return `/notifications-circular#${itemAnchor('circular', id)}`;
  const index = archiveIndex(view, now, view.settings.timeZone);
  const listing = topic === 'news' ? index.currentNews : index.upcomingEvents;
  const position = listing.items.findIndex((item) => item._id === id);
  const anchor = itemAnchor(topic === 'news' ? 'news' : 'event', id);
  if (position < 0) return `${topic === 'news' ? NEWS_BASE : EVENTS_BASE}#${anchor}`;
  return `${pagePath(listing.base, pageNumberOf(position, ARCHIVE_PAGE_SIZE))}#${anchor}`;
}

/**
 * Whether `subscription` is to receive `announcement`: confirmed, not suspended, following its
 * topic, and (but for alerts, which go to everyone who follows them at once) at its frequency.
 */
export function wants(subscription: Subscription, announcement: Announcement): boolean {
  if (!subscription.confirmedAt || subscription.suspendedAt) return false;
  switch (announcement.kind) {
    case 'alert':
      return subscription.topics.includes('alerts');
    case 'item':
      return subscription.frequency === 'instant' && subscription.topics.includes(announcement.announced.topic);
    case 'digest':
      return (
        subscription.frequency === announcement.frequency &&
        announcement.items.some((announced) => subscription.topics.includes(announced.topic))
      );
  }
}
