/**
 * The school's settings: its name and contact details, the texts of the about pages, the
 * programmes and calendar, the leaders' names and the time zone. Stored in the site content
 * (`settings`), edited in the dashboard (PUT /api/settings); a fresh install starts with the
 * defaults of admin-api/store/default-settings.ts.
 */
import * as z from 'zod';
import { list, text } from './fields.ts';
import { DEFAULT_LANGUAGES, Languages } from './languages.ts';
import { LEADERSHIP_ROLES, LEADERSHIP_TITLES, type LeadershipRole } from './leadership.ts';
import { Stamp } from './publication.ts';
import { inDefaultLanguage, TranslationBasis, translationsOf } from './translations.ts';

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'x', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Readonly<Record<SocialNetwork, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
};

/** `Sunridge Valley School` → `sunridge-valley-school`: the about pages' addresses. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The days a weekly digest can go out on (`digestDay`). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** When the daily and weekly digests go out, by default: Friday at five in the afternoon. */
export const DEFAULT_DIGEST = { digestTime: '17:00', digestDay: 'friday' } as const;

const digestTime = z
  .string({ error: 'The digest time must be text' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The digest time must be a time of day such as 17:00')
  .meta({
    description: "When the daily and weekly digests go out, `HH:MM` in the school's time zone.",
  });
const digestDay = z
  .enum(WEEKDAYS, { error: `The digest day must be one of ${WEEKDAYS.join(', ')}` })
  .meta({ description: 'The day the weekly digest goes out.' });

/** The event categories a fresh install offers, in their order (School details edits them). */
export const DEFAULT_EVENT_CATEGORIES = ['Holidays', 'Examinations', 'Sports', 'Meetings', 'Celebrations'] as const;

/**
 * The event categories: each a name with letters or digits, whose slug (`Sports Day` →
 * `sports-day`) makes its addresses (`/calendars/sports-day.ics`), so no two may share a slug.
 */
const eventCategories = list(
  'The event categories',
  text('An event category', 60, 'An event category cannot be empty'),
  30,
).superRefine((names, ctx) => {
  const named = new Map<string, string>();
  for (const name of names) {
    const slug = slugify(name);
    if (slug === '') {
      ctx.addIssue({
        code: 'custom',
        message: `The event category "${name}" must contain letters or digits (they make the address of its calendar)`,
      });
      continue;
    }
    const other = named.get(slug);
    if (other !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          other === name
            ? `The event category "${name}" is listed twice`
            : `The event categories "${other}" and "${name}" would share the address /calendars/${slug}.ics: rename one of them`,
      });
    }
    named.set(slug, name);
  }
});

/** The about pages, at `/about/<slug>` and `/about/why-<slug>`. */
export const aboutPath = (slug: string) => `/about/${slug}`;
export const whyPath = (slug: string) => `/about/why-${slug}`;

/** The school's name must give an about address no other page has. */
function slugProblem(name: string): string | null {
  const slug = slugify(name);
  if (slug === '') return 'The school name must contain letters or digits (they make the address of the about page)';
  if (slug === 'leadership' || slug.startsWith('why-')) {
    return `The school name cannot start with "${slug.startsWith('why-') ? 'Why' : 'Leadership'}": /about/${slug} is another page`;
  }
  return null;
}

/** True for a time zone name such as `Asia/Kolkata` or `UTC` that this runtime knows. */
export function isTimeZone(name: string): boolean {
  // Intl also takes offsets such as +05:30, which follow no daylight saving rules: names only.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const PHONE = /^\+?[0-9][0-9 ()./-]{4,28}[0-9]$/;
const webAddress = (label: string) =>
  text(label, 300).refine(
    (value) => value === '' || (/^https?:\/\/[^\s/?#]+\.[^\s]+$/i.test(value) && URL.canParse(value)),
    `${label} must be a web address starting with https://`,
  );

const titledText = (what: string, max: number) =>
  z.object({
    title: text(`The title of ${what}`, 120, `Every ${what} needs a title`),
    text: text(`The text of ${what}`, max, `Every ${what} needs a text`),
  });

export const SocialLinks = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, webAddress(`The ${SOCIAL_LABELS[network]} link`)])) as {
    [N in SocialNetwork]: ReturnType<typeof webAddress>;
  },
  { error: 'The social links must be an object' },
);
export type SocialLinks = z.infer<typeof SocialLinks>;

export const OfficeHoursRow = z.object({
  days: text('The days of an office hours row', 60, 'Every office hours row needs its days'),
  hours: text('The hours of an office hours row', 60, 'Every office hours row needs its hours'),
});
export type OfficeHoursRow = z.infer<typeof OfficeHoursRow>;

export const Programme = z.object({
  name: text('The name of a programme', 100, 'Every programme needs a name'),
  classes: text('The classes of a programme', 100),
  text: text('The description of a programme', 1000),
  streams: list('The streams of a programme', text('A stream', 60, true), 10),
});
export type Programme = z.infer<typeof Programme>;

export const CalendarTerm = z.object({
  period: text('The period of a calendar entry', 100, 'Every calendar entry needs its period'),
  what: text('What a calendar entry is', 200, 'Every calendar entry needs to say what happens'),
});
export type CalendarTerm = z.infer<typeof CalendarTerm>;

export const LeaderNames = z.object(
  Object.fromEntries(
    LEADERSHIP_ROLES.map((role) => [role, text(`The ${LEADERSHIP_TITLES[role]}'s name`, 120, true)]),
  ) as { [R in LeadershipRole]: ReturnType<typeof text> },
  { error: "The leaders' names must be an object" },
);

/** Every field an administrator edits (PUT /api/settings takes any subset of them). */
const editable = {
  schoolName: text('The school name', 120, true).superRefine((name, ctx) => {
    const problem = slugProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** For tight places: the navigation's "Why …" entry, the alumni page. */
  shortName: text('The short name', 60, true),
  tagline: text('The tagline', 300),
  /** The line under the name in the header. */
  brandLine: text('The line under the name', 120),
  /** One line per line of the address. */
  address: text('The address', 500, true),
  phone: text('The phone number', 40, true).regex(PHONE, 'The phone number must be digits, spaces and + ( ) - only'),
  email: text('The e-mail address', 254, true).pipe(z.email('The e-mail address is not valid')),
  officeHours: list('The office hours', OfficeHoursRow, 14),
  social: SocialLinks,
  /** The about page's lead, also on the home page. */
  aboutIntro: text('The About Us introduction', 1000, true),
  /** Paragraphs, separated by blank lines. */
  aboutStory: text('The About Us story', 10_000),
  vision: text('The vision', 2000, true),
  mission: text('The mission', 2000, true),
  values: list('The values', titledText('a value', 500), 20),
  reasons: list('The reasons to choose the school', titledText('a reason', 500), 20),
  programmes: list('The programmes', Programme, 20),
  curriculum: list('The curriculum', text('A curriculum line', 1000, 'A curriculum line cannot be empty'), 30),
  calendar: z.object(
    { year: text('The calendar year', 40, true), terms: list('The calendar entries', CalendarTerm, 30) },
    { error: 'The calendar must be an object' },
  ),
  leaderNames: LeaderNames,
  /** The categories an event may have (`SchoolEvent.category`), each with its listing and calendar. */
  eventCategories: eventCategories.meta({
    description:
      'The categories an event may have, in the order the site shows them; each has its listing (`/eventsnews/categories/<slug>`) and its calendar (`/calendars/<slug>.ics`), `<slug>` made from its name. No two may have the same slug.',
  }),
  /** The site's languages (BCP 47 tags), the first being the default: its texts are the fields'. */
  languages: Languages,
  digestTime,
  digestDay,
  /** Decides when an event has passed and which news is current. */
  timeZone: z
    .string({ error: 'The time zone must be text' })
    .trim()
    .refine(isTimeZone, 'The time zone must be a time zone name such as Asia/Kolkata'),
};

/**
 * The school details' texts in the site's other languages: each checked as the field itself, but
 * none required (an empty text is no translation), and the name as plain text (the about address
 * comes from the default language's name).
 */
const settingsTranslations = translationsOf({
  schoolName: text('The school name', 120),
  shortName: text('The short name', 60),
  tagline: editable.tagline,
  brandLine: editable.brandLine,
  address: text('The address', 500),
  officeHours: editable.officeHours,
  aboutIntro: text('The About Us introduction', 1000),
  aboutStory: editable.aboutStory,
  vision: text('The vision', 2000),
  mission: text('The mission', 2000),
  values: editable.values,
  reasons: editable.reasons,
  programmes: editable.programmes,
  curriculum: editable.curriculum,
  calendar: editable.calendar,
});

export const Settings = z.object({
  ...editable,
  languages: Languages.default(DEFAULT_LANGUAGES),
  // Settings written before event categories existed get the default ones.
  eventCategories: editable.eventCategories.default([...DEFAULT_EVENT_CATEGORIES]),
  // And before digests existed, the default time.
  digestTime: digestTime.default(DEFAULT_DIGEST.digestTime),
  digestDay: digestDay.default(DEFAULT_DIGEST.digestDay),
  translations: settingsTranslations,
  translationBasis: TranslationBasis,
  /** Slugs of names the school had before: their about addresses redirect to the current ones. */
  formerSlugs: list('The former slugs', z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), 50),
  /** Who last changed the settings, and when (never public; clients cannot set it). */
  updated: Stamp.optional(),
});
export type Settings = z.infer<typeof Settings>;

/**
 * PUT /api/settings: any subset of the fields, at least one (a body of unknown fields alone is a
 * mistake, not a change); the social links too, one network at a time.
 */
export const SettingsInput = z
  .object({ ...editable, social: SocialLinks.partial(), translations: settingsTranslations.unwrap() })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Send at least one of the settings to change');
export type SettingsInput = z.infer<typeof SettingsInput>;

/** The settings after `input`: fields not sent keep their value. */
export function withInput(settings: Settings, input: SettingsInput): Settings {
  const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return { ...settings, ...defined, social: { ...settings.social, ...input.social } };
}

/**
 * The about address of the school as it is named now: in the default language, so that each
 * language's about pages are the same pages (`settings` may be their view in another language).
 */
export const schoolSlug = (settings: Pick<Settings, 'schoolName'>) => slugify(inDefaultLanguage(settings).schoolName);

/**
 * The former slugs once the school named `nameBefore` is named as in `after`: the old slug is
 * added, and a name taken back is no longer former.
 */
export function formerSlugsAfter(nameBefore: string, after: Settings): string[] {
  const [old, now] = [slugify(nameBefore), schoolSlug(after)];
  const former = old === now ? after.formerSlugs : [old, ...after.formerSlugs.filter((slug) => slug !== old)];
  return former.filter((slug) => slug !== now).slice(0, 50);
}
