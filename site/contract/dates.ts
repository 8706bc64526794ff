/** The school's time zone unless its settings name another: it decides when a day begins. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Calendar dates travel and are stored as `YYYY-MM-DD`, times as `HH:MM` (24 h). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a real calendar day written as `YYYY-MM-DD` (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function dateInZone(instant: Date, timeZone: string): string {
  return dayFormat(timeZone).format(instant);
}

/** The wall-clock time (`HH:MM`) of `instant` in `timeZone`. */
export function timeInZone(instant: Date, timeZone: string): string {
  return timeFormat(timeZone).format(instant);
}

// Making an Intl.DateTimeFormat costs far more than using one (sorting events made hundreds):
// one of each per time zone is kept.
const dayFormat = perTimeZone(
  (timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
);
const timeFormat = perTimeZone(
  (timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

function perTimeZone(make: (timeZone: string) => Intl.DateTimeFormat) {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string) => {
    let format = made.get(timeZone);
    if (!format) {
      format = make(timeZone);
      made.set(timeZone, format);
    }
    return format;
  };
}

/**
 * Accepts `YYYY-MM-DD` or a full ISO 8601 date-time and answers the calendar day in the school's
 * time zone, or null when the text is neither.
 */
export function normalizeDate(value: string, timeZone: string): string | null {
  const text = value.trim();
  if (DATE_PATTERN.test(text)) return isCalendarDate(text) ? text : null;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : dateInZone(instant, timeZone);
}
