/**
 * Dates and times as visitors read them. Written out by hand rather than with Intl so the page
 * built on the server and the island rendered in any browser produce exactly the same text.
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
  day: number;
  month: string;
  /** The month's first three letters, for the date block of an event. */
  monthShort: string;
  year: number;
}

/** `2026-12-05` → day 5, December, 2026. */
export function dateParts(date: string): DateParts {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1] ?? '';
  return { day, month: name, monthShort: name.slice(0, 3), year };
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
