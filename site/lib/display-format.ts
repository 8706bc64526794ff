/**
 * Dates and times as visitors read them. English is written out by hand rather than with Intl so
 * the page built on the server and the island rendered in any browser produce exactly the same
 * text (browsers' English formats differ in spaces and commas); other languages go through Intl
 * (`dateFormat`), whose month names and digits only it knows.
 */
import { dateInZone, timeInZone } from '../contract/dates.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface DateParts {
  day: string;
  month: string;
  /** The month's short name (in English its first three letters), for the date block of an event. */
  monthShort: string;
  year: string;
}

const numbersOf = (date: string) => date.split('-').map(Number) as [number, number, number];

/** `2026-12-05` → day 5, December, 2026. */
export function dateParts(date: string): DateParts {
  const [year, month, day] = numbersOf(date);
  const name = MONTHS[month - 1] ?? '';
  return { day: String(day), month: name, monthShort: name.slice(0, 3), year: String(year) };
}

/** `2026-12-05` → `5 December 2026`. */
export function formatDate(date: string): string {
  const { day, month, year } = dateParts(date);
  return `${day} ${month} ${year}`;
}

/** `14:30` → `2:30 PM`; `00:05` → `12:05 AM`. */
export function formatTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A moment (ISO date-time) as the school's clock shows it: `5 December 2026, 2:30 PM`. */
export function formatMoment(instant: string, timeZone: string): string {
  const moment = new Date(instant);
  return `${formatDate(dateInZone(moment, timeZone))}, ${formatTime(timeInZone(moment, timeZone))}`;
}

/** How the pages of a language write dates and times. */
export interface DateFormat {
  dateParts(date: string): DateParts;
  /** A calendar date (`YYYY-MM-DD`) in words: `5 December 2026`, `5 दिसंबर 2026`. */
  formatDate(date: string): string;
  /** A time of day (`HH:MM`) on the language's clock: `2:30 PM`, `٢:٣٠ م`. */
  formatTime(time: string): string;
}

const ENGLISH: DateFormat = { dateParts, formatDate, formatTime };
const formats = new Map<string, DateFormat>();

/**
 * The dates and times of `language` (a BCP 47 tag): English as the site always wrote them, any
 * other language through Intl. A calendar date or a time of day is a wall-clock value already in
 * the school's time zone, so it is formatted as is (in UTC, which moves nothing).
 */
export function dateFormat(language: string): DateFormat {
  if (language.split('-')[0]!.toLowerCase() === 'en') return ENGLISH;
  let format = formats.get(language);
  if (!format) {
    format = intlDateFormat(language);
    formats.set(language, format);
  }
  return format;
}

function intlDateFormat(language: string): DateFormat {
  const long = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const clock = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const calendarDay = (date: string) => {
    const [year, month, day] = numbersOf(date);
    return new Date(Date.UTC(year, month - 1, day));
  };
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? '';
  return {
    dateParts(date) {
      const day = calendarDay(date);
      const parts = short.formatToParts(day);
      const month = part(long.formatToParts(day), 'month');
      return { day: part(parts, 'day'), month, monthShort: part(parts, 'month'), year: part(parts, 'year') };
    },
    formatDate: (date) => long.format(calendarDay(date)),
    formatTime(time) {
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      return clock.format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
    },
  };
}

/** `photo` for one, `photos` otherwise, with the number: `1 photo`, `0 photos`, `12 photos`. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

const NUMBER_WORDS = [
  'No',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
];

/** `8` → `Eight` (up to twelve, then digits), to begin a sentence. */
export const countInWords = (count: number): string => NUMBER_WORDS[count] ?? String(count);

/** Text typed with blank lines between paragraphs, as its paragraphs. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
