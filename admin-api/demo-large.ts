/**
 * The large demo (`npm run seed:demo -- --large`): ten years of an active school, made from the
 * small demo's texts and pictures. Entries share the demo's few image files (an image id may be
 * used by any number of entries), so the large demo takes seconds to write, not minutes.
 */
import { randomUUID } from 'node:crypto';
import type { Alumni } from '../site/contract/alumni.ts';
import type { GalleryItem, News, SchoolEvent } from '../site/contract/content.ts';

export const LARGE_COUNTS = { news: 1_000, events: 1_000, gallery: 2_000, alumni: 5_000 } as const;

const FIRST_NAMES = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Lakshmi', 'Vikram', 'Priya', 'Karthik', 'Divya', 'Suresh'];
const LAST_NAMES = ['Iyer', 'Nair', 'Reddy', 'Menon', 'Pillai', 'Rao', 'Sharma', 'Das', 'Kumar', 'Joseph'];
const OCCUPATIONS = ['Teacher', 'Engineer', 'Doctor', 'Nurse', 'Accountant', 'Designer', 'Lawyer', 'Farmer'];

/** `count` items made from `base` in turn, each with its own id and a numbered title. */
function repeat<T extends { _id: string }>(base: readonly T[], count: number, make: (from: T, n: number) => T): T[] {
  return Array.from({ length: count }, (_, n) => ({ ...make(base[n % base.length]!, n), _id: randomUUID() }));
}

/** Events spread two a week over the ten years before and the year after `today`. */
export function largeEvents(base: readonly SchoolEvent[], today: string): SchoolEvent[] {
  const { events } = LARGE_COUNTS;
  const future = Math.round(events / 10);
  return repeat(base, events, (from, n) => ({
    ...from,
    title: `${from.title} (${n + 1})`,
    date: addDays(today, Math.round(((future - n) * 365) / 100)),
  }));
}

/** News published every few days over ten years; most have expired. */
export function largeNews(base: readonly News[], today: string): News[] {
  return repeat(base, LARGE_COUNTS.news, (from, n) => {
    const publishDate = addDays(today, -Math.round((n * 3650) / LARGE_COUNTS.news));
    return {
      ...from,
      title: `${from.title} (${n + 1})`,
      publishDate,
      expiryDate: n < 10 ? null : addDays(publishDate, 60),
    };
  });
}

export function largeGallery(base: readonly GalleryItem[]): GalleryItem[] {
  return repeat(base, LARGE_COUNTS.gallery, (from, n) => ({ ...from, caption: `${from.caption} (${n + 1})` }));
}

/**
 * Registrations over the last ten years, newest first, most of them approved; each agreed to the
 * privacy notice `notice` (those never approved and past the school's retention go at the first start).
 */
export function largeAlumni(now: Date, notice: string): Alumni[] {
  return Array.from({ length: LARGE_COUNTS.alumni }, (_, n) => {
    const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const left = 2015 - (n % 30);
    return {
      _id: randomUUID(),
      fullName: `${first} ${last} ${n + 1}`,
      gender: n % 2 === 0 ? 'female' : 'male',
      mobile: `+91 98${String(n).padStart(8, '0')}`,
      email: `${first}.${last}.${n + 1}@example.org`.toLowerCase(),
      address: `${(n % 200) + 1} Temple Street, Chennai`,
      periodOfStudy: `${left - 12}-${left}`,
      qualification: 'BA',
      occupation: OCCUPATIONS[n % OCCUPATIONS.length]!,
      companyName: '',
      companyAddress: '',
      message: '',
      isApproved: n % 7 !== 0,
      registrationDate: new Date(now.getTime() - n * 17 * 3_600_000).toISOString(),
      consent: { givenAt: new Date(now.getTime() - n * 17 * 3_600_000).toISOString(), notice },
    };
  });
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
