/**
 * What the dashboard says about an item's state: "Draft", "Waiting for review", "Scheduled for
 * Mon 30 Nov 08:00", "Published". Time in the school's zone, decided as the server decides it.
 */
import { isPublicAt, localDateTime, type Publication } from '../contract/publication.ts';

export type StateTone = 'draft' | 'review' | 'scheduled' | 'published';

export interface ItemState {
  label: string;
  tone: StateTone;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function itemState(item: Pick<Publication, 'status' | 'publishAt'>, now: Date, timeZone: string): ItemState {
  if (item.status === 'draft') return { label: 'Draft', tone: 'draft' };
  if (item.status === 'review') return { label: 'Waiting for review', tone: 'review' };
  if (isPublicAt(item, localDateTime(now, timeZone))) return { label: 'Published', tone: 'published' };
  return { label: `Scheduled for ${wallClock(item.publishAt!)}`, tone: 'scheduled' };
}

/** `2026-11-30T08:00` → `Mon 30 Nov 08:00`. */
export function wallClock(localDateTime: string): string {
  const [date, time] = localDateTime.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${day} ${MONTHS[month - 1]} ${year === thisYear() ? '' : `${year} `}${time}`;
}

const thisYear = () => new Date().getUTCFullYear();

/** How many items of `lists` wait for a reviewer. */
export function waitingForReview(...lists: readonly (readonly Pick<Publication, 'status'>[])[]): number {
  return lists.reduce((count, list) => count + list.filter((item) => item.status === 'review').length, 0);
}
