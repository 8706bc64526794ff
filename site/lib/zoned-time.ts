/** Wall-clock dates and times in the school's time zone as instants and ISO 8601 texts with offset. */

/** Making a formatter costs far more than using one: a calendar of a thousand events uses one. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The offset of `timeZone` at `instant`, as `+05:30`. Before standard time a zone's offset was a
 * local mean time, with seconds (Kolkata kept Madras time, `+05:21:10`, until 1906): the seconds
 * are left out, as ISO 8601 offsets have none.
 */
export function zoneOffset(instant: Date, timeZone: string): string {
  const name = offsetFormat(timeZone)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')!.value;
  const offset = /^GMT([+-]\d\d:\d\d)/.exec(name)?.[1];
  return offset ?? '+00:00';
}

const minutesOf = (offset: string) => {
  const [, sign, hours, minutes] = /^([+-])(\d\d):(\d\d)$/.exec(offset)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
};

/** The instant at which the clocks of `timeZone` show `date` (`YYYY-MM-DD`) at `time` (`HH:MM`). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let instant = new Date(wall - minutesOf(zoneOffset(new Date(wall), timeZone)) * 60_000);
  // Near a daylight-saving change the offset at the guess may differ from the one at the answer.
  instant = new Date(wall - minutesOf(zoneOffset(instant, timeZone)) * 60_000);
  return instant;
}

/** `2026-12-01T10:00:00+05:30`, or the day alone when there is no time. */
export function zonedIso(date: string, time: string, timeZone: string): string {
  if (!time) return date;
  return `${date}T${time}:00${zoneOffset(zonedInstant(date, time, timeZone), timeZone)}`;
}
