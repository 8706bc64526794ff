/**
 * The large demos, made from the small demo's texts: ten years of an active school
 * (`npm run seed:demo -- --large`), and the most the school's site is made for (`-- --limit`).
 * Every description is about 250 characters, as a school writes them. Gallery photos are given
 * their images by the caller: distinct uploads (demo-photos.ts); events and news share the small
 * demo's few pictures.
 */
import { randomUUID } from 'node:crypto';
import type { Alumni } from '../site/contract/alumni.ts';
import type { GalleryItem, ImageRef, News, SchoolEvent } from '../site/contract/content.ts';

export interface LargeCounts {
  news: number;
  events: number;
  gallery: number;
  alumni: number;
  /** How many distinct image files the gallery's photos have (each photo its own when equal to `gallery`). */
  distinctPhotos: number;
}

export const LARGE_COUNTS: LargeCounts = {
  news: 1_000,
  events: 1_000,
  gallery: 2_000,
  alumni: 5_000,
  distinctPhotos: 2_000,
};
/**
 * The advertised limit (20,000 of each; 50 events fewer, for the bench's edits). Writing 20,000 distinct images takes minutes and over a gigabyte, so its
 * photos share the large demo's 2,000 files: what publishing reads is the content, and each page
 * shows 24 photos whichever files they name.
 */
export const LIMIT_COUNTS: LargeCounts = {
  news: 20_000,
  // Room for the events the bench adds: the list holds at most 20,000.
  events: 19_950,
  gallery: 20_000,
  alumni: 5_000,
  distinctPhotos: 2_000,
};

/** Some 250 characters: the item's own text, then a school's usual details up to that length. */
const DETAILS =
  ' Parents are welcome; please bring the circular signed by the class teacher. Students in the ' +
  'school uniform, with water bottles and a cap. Photos will be shared in the gallery afterwards. ' +
  'For questions, call the school office between 9 and 4 on working days.';
export const DESCRIPTION_LENGTH = 250;

function longDescription(text: string): string {
  const long = `${text}${DETAILS}`;
  return long.length <= DESCRIPTION_LENGTH ? long : `${long.slice(0, long.lastIndexOf(' ', DESCRIPTION_LENGTH))}.`;
}

const FIRST_NAMES = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Lakshmi', 'Vikram', 'Priya', 'Karthik', 'Divya', 'Suresh'];
const LAST_NAMES = ['Iyer', 'Nair', 'Reddy', 'Menon', 'Pillai', 'Rao', 'Sharma', 'Das', 'Kumar', 'Joseph'];
const OCCUPATIONS = ['Teacher', 'Engineer', 'Doctor', 'Nurse', 'Accountant', 'Designer', 'Lawyer', 'Farmer'];

/** `count` items made from `base` in turn, each with its own id and a numbered title. */
function repeat<T extends { _id: string }>(base: readonly T[], count: number, make: (from: T, n: number) => T): T[] {
  return Array.from({ length: count }, (_, n) => ({ ...make(base[n % base.length]!, n), _id: randomUUID() }));
}

/** Events spread two a week over the ten years before and the year after `today`. */
export function largeEvents(
  base: readonly SchoolEvent[],
  today: string,
  counts: LargeCounts = LARGE_COUNTS,
): SchoolEvent[] {
  const { events } = counts;
  const future = Math.round(events / 10);
  // Ten years and the next, whatever the count: a day holds several events when there are many.
  const perYear = events / 10;
  return repeat(base, events, (from, n) => ({
    ...from,
    title: `${from.title} (${n + 1})`,
    description: longDescription(from.description),
    date: addDays(today, Math.round(((future - n) * 365) / perYear)),
  }));
}

/** News published every few days over ten years; most have expired. */
export function largeNews(base: readonly News[], today: string, counts: LargeCounts = LARGE_COUNTS): News[] {
  return repeat(base, counts.news, (from, n) => {
    const publishDate = addDays(today, -Math.round((n * 3650) / counts.news));
    return {
      ...from,
      title: `${from.title} (${n + 1})`,
      description: longDescription(from.description),
      publishDate,
      expiryDate: n < 10 ? null : addDays(publishDate, 60),
    };
  });
}

/** What the large demo's photos show (demo-photos.ts), as their text alternative. */
const LARGE_PHOTO_ALT = 'Soft, blurred patches of colour';

/** `count` photos made from `base`'s captions, the n-th showing `images[n % images.length]`. */

export function largeGallery(base: readonly GalleryItem[], images: readonly ImageRef[], count: number): GalleryItem[] {
  return repeat(base, count, (from, n) => ({
    ...from,
    imageId: images[n % images.length]!.imageId,
    caption: `${from.caption} (${n + 1})`,
    alt: LARGE_PHOTO_ALT,
  }));
}

/**
 * Registrations over the last ten years, newest first, most of them approved; each agreed to the
 * privacy notice `notice` (those never approved and past the school's retention go at the first start).
 */
export function largeAlumni(now: Date, notice: string, counts: LargeCounts = LARGE_COUNTS): Alumni[] {
  return Array.from({ length: counts.alumni }, (_, n) => {
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
