/**
 * What is current, decided in the school's time zone: upcoming and past events, and the news
 * between its publish and expiry dates. The server's GET /api/events and GET /api/news, the
 * build and the browser all decide it with these functions.
 */
import type { News, NewsPriority, SchoolEvent } from '../contract/content.ts';
import { dateInZone, timeInZone } from '../contract/dates.ts';

type EventTiming = Pick<SchoolEvent, 'date' | 'time'>;

/** An event is upcoming until its date, or its time on that date when it has one, has passed. */
export function isUpcoming(event: EventTiming, now: Date, timeZone: string): boolean {
  const today = dateInZone(now, timeZone);
  if (event.date !== today) return event.date > today;
  return !event.time || event.time > timeInZone(now, timeZone);
}

/** Upcoming events soonest first, then past events newest first. */
export function splitEvents<E extends EventTiming>(events: readonly E[], now: Date, timeZone: string) {
  // Each event's key made once, not twice per comparison: a phone sorts a thousand events on load.
  const keyed = events.map((event) => ({ event, key: startKey(event) }));
  const byStart = keyed.sort((a, b) => compareCodes(a.key, b.key)).map(({ event }) => event);
  // The date and time in the zone once, not per event: the archive pages split thousands.
  const today = dateInZone(now, timeZone);
  const time = timeInZone(now, timeZone);
  const upcoming = (event: EventTiming) =>
    event.date !== today ? event.date > today : !event.time || event.time > time;
  return {
    upcoming: byStart.filter(upcoming),
    past: byStart.filter((event) => !upcoming(event)).reverse(),
  };
}

/** An event without a time sorts after the timed events of its day. */
const startKey = (event: EventTiming) => `${event.date} ${event.time || '24:00'}`;

/**
 * Dates and times written alike (`2031-01-15 09:30`) in the order of their characters: their
 * order in time, without a collator's cost.
 */
const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type NewsWindow = Pick<News, 'publishDate' | 'expiryDate' | 'priority'>;

const PRIORITY_RANK: Record<NewsPriority, number> = { high: 0, medium: 1, low: 2 };

/** Shown on the day `today` (`YYYY-MM-DD`): from its publish date through its expiry date, both included. */
export const isCurrentOn = (news: Omit<NewsWindow, 'priority'>, today: string): boolean =>
  news.publishDate <= today && (!news.expiryDate || news.expiryDate >= today);

/** Shown from its publish date through its expiry date (both included), in the school's zone. */
export function isCurrentNews(news: NewsWindow, now: Date, timeZone: string): boolean {
  return isCurrentOn(news, dateInZone(now, timeZone));
}

/** The current news, high priority first, then the newest publish date first. */
export function currentNews<N extends NewsWindow>(news: readonly N[], now: Date, timeZone: string): N[] {
  const today = dateInZone(now, timeZone);
  return news
    .filter((item) => isCurrentOn(item, today))
    .sort(
      (a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || compareCodes(b.publishDate, a.publishDate),
    );
}
