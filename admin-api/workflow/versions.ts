/**
 * No edit silently lost: a save that says which version it started from (a `version` field, or
 * `If-Match` with that version as an ETag) is refused with 412 when the thing it replaces has
 * changed since, naming who changed it and when; nothing is stored. A save that does not say (a
 * client written to the spec) replaces it as before.
 */
import type { Context } from 'hono';
import type { Stamp } from '../../site/contract/publication.ts';
import { versionOf } from '../../site/contract/publication.ts';
import { HttpError } from '../http/errors.ts';

/** The version a save started from: its `version` field, else its `If-Match` header. */
export function sentVersion(c: Context, body: { version?: string | undefined }): string | undefined {
  if (body.version !== undefined) return body.version;
  const ifMatch = c.req.header('if-match')?.trim();
  return ifMatch ? ifMatch.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') : undefined;
}

/** The ETag that names the version of `unit` (GET answers send it; If-Match sends it back). */
export const versionTag = (unit: { updated?: Stamp | undefined }) => `"${versionOf(unit)}"`;

/**
 * Refuses the save (412) when `sent` is not the version of `unit` as stored now, answering who
 * changed it, when, and the unit as it is now (`current`). `what` names it in the message ("this
 * event", "the school details"); `timeZone` is the school's, for the time.
 */
export function refuseStale(
  unit: ({ updated?: Stamp | undefined } & object) | undefined,
  sent: string | undefined,
  what: string,
  timeZone: string,
): void {
  if (sent === undefined || sent === versionOf(unit)) return;
  const stamp = unit?.updated;
  const who = stamp ? `${stamp.by} changed ${what} at ${when(stamp.at, timeZone)}` : `${capitalized(what)} was changed`;
  throw new HttpError(412, `${who}, after you opened it. Nothing was saved: reload to see that change first.`, {
    changedBy: stamp?.by ?? null,
    changedAt: stamp?.at ?? null,
    version: versionOf(unit),
    // What it is now, so the editor can show what changed without fetching everything again.
    current: unit ?? null,
  });
}

/** `14:05 on 25 Nov 2026`, in the school's time zone. */
function when(at: string, timeZone: string): string {
  const date = new Date(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
  return `${time.format(date)} on ${day.format(date)}`;
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
