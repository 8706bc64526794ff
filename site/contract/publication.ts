/**
 * What lets content wait: a status (draft, waiting for review, published), a time to go live
 * (`publishAt`, a wall-clock time in the school's time zone), the account that wrote it, the note
 * of a reviewer who sent it back, and who last changed it and when (`updated`), which is also
 * the version a save says it started from. Only what is published and due is public anywhere.
 */
import * as z from 'zod';
import { dateInZone, isCalendarDate, timeInZone } from './dates.ts';
import { text } from './fields.ts';

export const STATUSES = ['draft', 'review', 'published'] as const;
export type Status = (typeof STATUSES)[number];

export const StatusField = z.enum(STATUSES, { error: `The status must be one of ${STATUSES.join(', ')}` });

/** Who last changed something, and when (ISO 8601, UTC). */
export const Stamp = z.object({ at: z.iso.datetime(), by: z.string().max(100) });
export type Stamp = z.infer<typeof Stamp>;

/** The account that first wrote an item: a Contributor may change only its own drafts. */
export const Author = z.object({ id: z.string().max(100), username: z.string().max(100) });
export type Author = z.infer<typeof Author>;

/** `publishAt` as stored: `YYYY-MM-DDTHH:MM`, the school's wall-clock time. */
export const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(([01]\d|2[0-3]):[0-5]\d)$/;

const PUBLISH_AT_FORMAT = 'The publishing time must be a date and time (YYYY-MM-DDTHH:MM)';

/**
 * The school's wall-clock time of `value`: `YYYY-MM-DDTHH:MM` (seconds ignored) is taken as it
 * is, an ISO 8601 date-time with an offset or `Z` is read as that instant; null for anything else.
 */
export function normalizePublishAt(value: string, timeZone: string): string | null {
  const text = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/.exec(text);
  if (local) {
    const [, date, time] = LOCAL_DATE_TIME.exec(local[1]!) ?? [];
    return date && time && isCalendarDate(date) ? local[1]! : null;
  }
  const zoned = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  // The date and time as written must exist: Date would move 30 February to March, 24:00 to the next day.
  const [, date, time] = LOCAL_DATE_TIME.exec(zoned?.[1] ?? '') ?? [];
  if (!date || !time || !isCalendarDate(date)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : localDateTime(instant, timeZone);
}

/** `instant` as the school's wall-clock time, `YYYY-MM-DDTHH:MM`. */
export function localDateTime(instant: Date, timeZone: string): string {
  return `${dateInZone(instant, timeZone)}T${timeInZone(instant, timeZone)}`;
}

/** What a write may say about publishing: both optional (see the routes for what missing means). */
export function publicationInput(timeZone: string) {
  return {
    status: StatusField.optional(),
    publishAt: z
      .string({ error: PUBLISH_AT_FORMAT })
      .transform((value, ctx) => {
        const normalized = normalizePublishAt(value, timeZone);
        if (normalized === null) ctx.addIssue({ code: 'custom', message: PUBLISH_AT_FORMAT });
        return normalized ?? z.NEVER;
      })
      .nullable()
      .optional(),
  };
}

/** The fields every item that can wait carries, as stored; items written before them are published. */
export const publicationFields = {
  status: StatusField.default('published'),
  publishAt: z.string().regex(LOCAL_DATE_TIME, PUBLISH_AT_FORMAT).nullable().default(null),
  author: Author.optional(),
  reviewNote: text('The review note', 1000).optional(),
  updated: Stamp.optional(),
};

export interface Publication {
  status: Status;
  publishAt: string | null;
  author?: Author | undefined;
  reviewNote?: string | undefined;
  updated?: Stamp | undefined;
}

/** The state of an item written without a word about publishing, before the rules decide (workflow/). */
export const PUBLISHED_NOW = { status: 'published', publishAt: null } as const;

/** The fields no visitor sees: who wrote and changed an item, and what a reviewer said. */
export const PRIVATE_FIELDS = ['author', 'reviewNote', 'updated', 'translationBasis'] as const;

/** Whether `item` is public at the school's wall-clock time `now` (`localDateTime`). */
export function isPublicAt(item: Pick<Publication, 'status' | 'publishAt'>, now: string): boolean {
  return item.status === 'published' && (item.publishAt === null || item.publishAt <= now);
}

/** Published, with a time still to come. */
export function isScheduledAt(item: Pick<Publication, 'status' | 'publishAt'>, now: string): boolean {
  return item.status === 'published' && item.publishAt !== null && item.publishAt > now;
}

/** The version of something a person edits, as a save sends it back: when it was last changed. */
export const ORIGINAL_VERSION = 'original';
export function versionOf(unit: { updated?: Stamp | undefined } | undefined): string {
  return unit?.updated?.at ?? ORIGINAL_VERSION;
}

/** What a save may carry besides its fields: the version it started from. */
export const VersionField = z.object({ version: z.string().max(100).optional() });

/** `schema` of an item as visitors get it (public-content.ts `withoutPrivateFields`): without the private fields. */
export function withoutPrivateSchema<T extends z.ZodObject>(schema: T) {
  const mask = Object.fromEntries(
    PRIVATE_FIELDS.filter((field) => field in schema.shape).map((field) => [field, true]),
  );
  return schema.omit(mask as never) as unknown as z.ZodObject<Omit<T['shape'], (typeof PRIVATE_FIELDS)[number]>>;
}
