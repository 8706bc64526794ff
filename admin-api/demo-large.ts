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
import type { Translatable } from '../site/contract/translations.ts';
import { DETAILS_IN, LARGE_PHOTO_ALT_IN } from './demo-translations.ts';

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

/** The language of the demo's own texts (demo-content.ts); its translations are in demo-translations.ts. */
const ENGLISH = 'en';

/** A school's usual details, in each of the demo's languages. */
const DETAILS: Record<string, string> = {
  en:
    ' Parents are welcome; please bring the circular signed by the class teacher. Students in the ' +
    'school uniform, with water bottles and a cap. Photos will be shared in the gallery afterwards. ' +
    'For questions, call the school office between 9 and 4 on working days.',
  ...DETAILS_IN,
};
export const DESCRIPTION_LENGTH = 250;

/**
 * Some 250 characters: the item's own text, then the details up to that length, cut after a word
 * and ended by the language's full stop (the details' last character) instead of what punctuation
 * the cut left.
 */
function longDescription(text: string, language: string): string {
  const details = DETAILS[language]!;
  const long = `${text}${details}`;
  if (long.length <= DESCRIPTION_LENGTH) return long;
  const cut = long.slice(0, long.lastIndexOf(' ', DESCRIPTION_LENGTH)).replace(/\p{P}+$/u, '');
  return `${cut}${details.at(-1)}`;
}

/** How a copy's text is made from the base item's, in `language`. */
type Retelling = (text: string, language: string) => string;

const numbered =
  (n: number): Retelling =>
  (text) =>
    `${text} (${n + 1})`;

/**
 * `from`'s texts retold by `how`, field by field, in its own language and alike in each language
 * it is translated into (`--languages`), so a copy's Hindi title is numbered as its English one.
 */
function retold<T extends Translatable>(from: T, how: Record<string, Retelling>): Partial<T> {
  const retell = (texts: Record<string, unknown>, language: string, fields: string[]) =>
    Object.fromEntries(fields.map((field) => [field, how[field]!(texts[field] as string, language)]));
  const own = retell(from, ENGLISH, Object.keys(how));
  if (!from.translations) return own as Partial<T>;
  const translations = Object.fromEntries(
    Object.entries(from.translations).map(([language, texts]) => {
      const translated = Object.keys(how).filter((field) => typeof texts[field] === 'string');
      return [language, { ...texts, ...retell(texts, language, translated) }];
    }),
  );
  return { ...own, translations } as Partial<T>;
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
    ...retold(from, { title: numbered(n), description: longDescription }),
    date: addDays(today, Math.round(((future - n) * 365) / perYear)),
  }));
}

/** News published every few days over ten years; most have expired. */
export function largeNews(base: readonly News[], today: string, counts: LargeCounts = LARGE_COUNTS): News[] {
  return repeat(base, counts.news, (from, n) => {
    const publishDate = addDays(today, -Math.round((n * 3650) / counts.news));
    return {
      ...from,
      ...retold(from, { title: numbered(n), description: longDescription }),
      publishDate,
      expiryDate: n < 10 ? null : addDays(publishDate, 60),
    };
  });
}

/** What the large demo's photos show (demo-photos.ts), as their text alternative in each language. */
const LARGE_PHOTO_ALT: Record<string, string> = { en: 'Soft, blurred patches of colour', ...LARGE_PHOTO_ALT_IN };

/** `count` photos made from `base`'s captions, the n-th showing `images[n % images.length]`. */
export function largeGallery(base: readonly GalleryItem[], images: readonly ImageRef[], count: number): GalleryItem[] {
  return repeat(base, count, (from, n) => ({
    ...from,
    imageId: images[n % images.length]!.imageId,
    ...retold(from, { caption: numbered(n), alt: (_, language) => LARGE_PHOTO_ALT[language]! }),
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
