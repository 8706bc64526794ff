/**
 * Urgent notices: a short plain-text message with at most one link, a level, a start
 * (now or later), a required end, and where it shows (every page or the home page only). Start and
 * end are instants (ISO 8601); a notice is showing from its start until its end.
 */
import * as z from 'zod';
import { text } from './fields.ts';
import { Stamp } from './publication.ts';
import { TranslationBasis, translationsOf } from './translations.ts';

export const ALERT_LEVELS = ['emergency', 'important', 'info'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** The word each level is shown with, besides its colour and icon. */
export const ALERT_LEVEL_WORDS: Readonly<Record<AlertLevel, string>> = {
  emergency: 'Emergency',
  important: 'Important',
  info: 'Information',
};

export const ALERT_PLACES = ['all', 'home'] as const;
export type AlertPlace = (typeof ALERT_PLACES)[number];
export const ALERT_PLACE_WORDS: Readonly<Record<AlertPlace, string>> = {
  all: 'Every page',
  home: 'The home page only',
};

export const ALERT_MESSAGE_MAX = 280;
export const ALERT_MESSAGE_REQUIRED = 'A message is required';
export const ALERT_END_REQUIRED = 'An end date and time is required';
export const ALERT_END_AFTER_START = 'The end must be after the start';
export const ALERT_END_PASSED = 'The end must be in the future';
const INSTANT_FORMAT = 'must be a date and time with its offset (ISO 8601, e.g. 2026-11-25T14:00:00Z)';

/** A link in a message: an address starting with http:// or https:// (up to a space). */
const LINK = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/gi;

/** The links in `message`, in order. */
export function linksIn(message: string): string[] {
  return Array.from(message.matchAll(LINK), (match) => match[0]);
}

export const tooManyLinks = (links: readonly string[]) =>
  `A notice may contain at most one link; this one has ${links.length}: ${links.join(', ')}`;

const instant = (label: string, missing: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${label} ${INSTANT_FORMAT}`),
    })
    .trim()
    .refine((value) => value !== '', { message: missing, abort: true })
    .pipe(z.iso.datetime({ offset: true, error: `${label} ${INSTANT_FORMAT}` }))
    .transform((value) => new Date(value).toISOString());

/** A message with at most one link. */
const withOneLink = (schema: ReturnType<typeof text>) =>
  schema.refine((value) => linksIn(value).length <= 1, {
    error: (issue) => tooManyLinks(linksIn(String(issue.input))),
  });
const message = withOneLink(text('The message', ALERT_MESSAGE_MAX, ALERT_MESSAGE_REQUIRED));

/** The message in the site's other languages. */
const alertTranslations = translationsOf({ message: withOneLink(text('The message', ALERT_MESSAGE_MAX)) });

/** What the dashboard sends (POST /api/alerts, PUT /api/alerts/{id}); without a start, it starts now. */
export const AlertInput = z
  .object({
    message,
    translations: alertTranslations,
    level: z.enum(ALERT_LEVELS, { error: `The level must be one of ${ALERT_LEVELS.join(', ')}` }),
    startsAt: instant('The start', 'The start must be a date and time').nullable().optional(),
    endsAt: instant('The end', ALERT_END_REQUIRED),
    showOn: z.enum(ALERT_PLACES, { error: `Where it shows must be one of ${ALERT_PLACES.join(', ')}` }).default('all'),
  })
  .transform((input) => ({ ...input, startsAt: input.startsAt ?? new Date().toISOString() }))
  .refine((input) => input.endsAt > input.startsAt, { message: ALERT_END_AFTER_START, path: ['endsAt'] })
  .refine((input) => Date.parse(input.endsAt) > Date.now(), { message: ALERT_END_PASSED, path: ['endsAt'] });
export type AlertInput = z.infer<typeof AlertInput>;

/** A notice as the content stores it. */
export const Alert = z.object({
  _id: z.string().max(100),
  message: text('The message', ALERT_MESSAGE_MAX, ALERT_MESSAGE_REQUIRED),
  translations: alertTranslations,
  translationBasis: TranslationBasis,
  level: z.enum(ALERT_LEVELS),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  showOn: z.enum(ALERT_PLACES).default('all'),
  updated: Stamp.optional(),
});
export type Alert = z.infer<typeof Alert>;

/** Whether `alert` is showing at `now`: from its start until its end. */
export function isShowing(alert: Pick<Alert, 'startsAt' | 'endsAt'>, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(alert.startsAt) <= at && at < Date.parse(alert.endsAt);
}

/** The next instant (ms) after `now` at which one of `alerts` starts or ends; Infinity for none. */
export function nextAlertChange(alerts: readonly Pick<Alert, 'startsAt' | 'endsAt'>[], now: Date): number {
  let next = Number.POSITIVE_INFINITY;
  for (const alert of alerts) {
    for (const time of [Date.parse(alert.startsAt), Date.parse(alert.endsAt)]) {
      if (time > now.getTime() && time < next) next = time;
    }
  }
  return next;
}

/** Where a notice is in its time at a moment: not started yet, showing, or over. */
export const ALERT_STATES = ['scheduled', 'showing', 'ended'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** The state of `alert` at `now`: the dashboard groups the notices by it, GET /api/alerts answers it. */
export function alertState(alert: Pick<Alert, 'startsAt' | 'endsAt'>, now: Date): AlertState {
  if (now.getTime() < Date.parse(alert.startsAt)) return 'scheduled';
  return isShowing(alert, now) ? 'showing' : 'ended';
}

/** A notice as GET /api/alerts answers those who write them: as stored, with its state when answered. */
export const AlertWithState = Alert.extend({ state: z.enum(ALERT_STATES) });
export type AlertWithState = z.infer<typeof AlertWithState>;

/** The last instant (ms) up to `now` at which one of `alerts` started or ended; 0 for none. */
export function lastAlertChange(alerts: readonly Pick<Alert, 'startsAt' | 'endsAt'>[], now: Date): number {
  let last = 0;
  for (const alert of alerts) {
    for (const time of [Date.parse(alert.startsAt), Date.parse(alert.endsAt)]) {
      if (time <= now.getTime() && time > last) last = time;
    }
  }
  return last;
}

/** Whether a showing notice is on the page at `path`. */
export const showsOn = (alert: Pick<Alert, 'showOn'>, path: string) => alert.showOn === 'all' || path === '/';

/** What /alerts.json holds for each notice showing now, for other systems (an app, a display). */
export const PublicAlert = z.object({
  id: z.string(),
  level: z.enum(ALERT_LEVELS),
  message: z.string(),
  link: z.string().optional(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  showOn: z.enum(ALERT_PLACES),
  /** The message in the site's other languages where translated, each with its own link. */
  translations: z.record(z.string(), z.object({ message: z.string(), link: z.string().optional() })).optional(),
});
export type PublicAlert = z.infer<typeof PublicAlert>;

const withLink = (message: string) => {
  const [link] = linksIn(message);
  return { message, ...(link ? { link } : {}) };
};

/** A notice as /alerts.json lists it, with its translations into `languages` (the site's). */
export function publicAlert(alert: Alert, languages: readonly string[] = []): PublicAlert {
  const { _id: id, level, message, startsAt, endsAt, showOn } = alert;
  const translated = languages.flatMap((tag) => {
    const text = alert.translations?.[tag]?.message;
    return typeof text === 'string' ? [[tag, withLink(text)] as const] : [];
  });
  return {
    id,
    level,
    ...withLink(message),
    startsAt,
    endsAt,
    showOn,
    ...(translated.length > 0 ? { translations: Object.fromEntries(translated) } : {}),
  };
}
