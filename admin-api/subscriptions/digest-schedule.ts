/**
 * When the digests go out: the daily one every day at `settings.digestTime`, the weekly one on
 * `settings.digestDay` at that time, both in the school's time zone.
 */

import { dateInZone } from '../../site/contract/dates.ts';
import type { Settings, Weekday } from '../../site/contract/settings.ts';
import { WEEKDAYS } from '../../site/contract/settings.ts';
import type { Frequency } from '../../site/contract/subscriptions.ts';
import { zonedInstant } from '../../site/lib/zoned-time.ts';

export type DigestFrequency = Exclude<Frequency, 'instant'>;
export const DIGEST_FREQUENCIES: readonly DigestFrequency[] = ['daily', 'weekly'];

type DigestSettings = Pick<Settings, 'digestTime' | 'digestDay' | 'timeZone'>;

/** The weekday of a calendar date (`2026-11-27` → `friday`). */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS begins with Monday.
  return WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
}

function daysBefore(date: string, days: number): string {
  const noon = new Date(`${date}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() - days);
  return noon.toISOString().slice(0, 10);
}

/** The latest moment at or before `now` at which a digest of `frequency` was due. */
export function lastDigestDue(frequency: DigestFrequency, now: Date, settings: DigestSettings): Date {
  const today = dateInZone(now, settings.timeZone);
  for (let back = 0; ; back += 1) {
    const date = daysBefore(today, back);
    if (frequency === 'weekly' && weekdayOf(date) !== settings.digestDay) continue;
    const due = zonedInstant(date, settings.digestTime, settings.timeZone);
    if (due.getTime() <= now.getTime()) return due;
  }
}
