/**
 * The one schema of the site content (spec §3). The server validates every write with it and the
 * pages and islands take their types from it, so both sides always agree on the shape.
 */
import * as z from 'zod';
import { Alert } from './alerts.ts';
import { DEFAULT_TIME_ZONE, normalizeDate, TIME_PATTERN } from './dates.ts';
import { text } from './fields.ts';
import { LEADERSHIP_ROLES, LEADERSHIP_TITLES, type LeadershipRole } from './leadership.ts';
import { LIST_LIMIT, listFullMessage } from './list-limits.ts';
import { Pages } from './pages.ts';
import { DEFAULT_RETENTION, RetentionSettings } from './personal-data.ts';
import { publicationFields, publicationInput, Stamp, StatusField } from './publication.ts';
import { Settings } from './settings.ts';
import { TranslationBasis, translationsOf } from './translations.ts';

export { LEADERSHIP_ROLES, LEADERSHIP_TITLES, type LeadershipRole } from './leadership.ts';

export const NEWS_PRIORITIES = ['low', 'medium', 'high'] as const;
export type NewsPriority = (typeof NEWS_PRIORITIES)[number];

/** Ids of stored images: a content hash and the stored format. */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp|avif|gif)$/;
/** Ids of stored documents (PDF): a content hash. */
export const DOCUMENT_ID_PATTERN = /^[a-f0-9]{32}\.pdf$/;
/** Ids of items (`crypto.randomUUID()`). */
export const ITEM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The message for a form's missing required fields, as the spec words it. */
export const EVENT_REQUIRED = 'Title, description and date are required';
export const NEWS_REQUIRED = 'Title and description are required';
export const CIRCULAR_REQUIRED = 'Title and date are required';

/** A calendar day; a full ISO date-time is taken as the day it falls on in `timeZone`. */
function calendarDate(label: string, missing = `${label} must be a date (YYYY-MM-DD)`, timeZone = DEFAULT_TIME_ZONE) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? missing : `${label} must be a date (YYYY-MM-DD)`,
    })
    .refine((value) => value.trim() !== '', { message: missing, abort: true })
    .transform((value, ctx) => {
      const date = normalizeDate(value, timeZone);
      if (date === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD)` });
        return z.NEVER;
      }
      return date;
    });
}

const optionalTime = z
  .string({ error: 'Time must be a time of day (HH:MM)' })
  .trim()
  .refine((value) => value === '' || TIME_PATTERN.test(value), 'Time must be a time of day (HH:MM)');

export const imageId = z
  .string({ error: 'An image is required' })
  .regex(IMAGE_ID_PATTERN, 'The image reference is not valid');

export const itemId = z.string().regex(ITEM_ID_PATTERN);

/**
 * An image's text alternative (site/lib/image-alt.ts decides what a page shows): absent when not
 * set, `""` when the image is decorative on purpose.
 */
export const ALT_MAX = 250;
const altText = text('The text alternative', ALT_MAX);
export const alt = altText.optional();

export const ImageRef = z.object({
  imageId,
  originalName: text('The image name', 255).default(''),
  alt,
});
export type ImageRef = z.infer<typeof ImageRef>;

const optionalImage = ImageRef.nullable().default(null);

/** A logo's text alternative in the site's other languages. */
export const logoTranslations = translationsOf({ alt: altText });

/** What an administrator sends to add a logo (POST /api/logos). */
export const LogoInput = ImageRef.extend({ translations: logoTranslations });
export type LogoInput = z.infer<typeof LogoInput>;

export const Logo = z.object({
  _id: itemId,
  imageId,
  originalName: text('The image name', 255),
  alt,
  translations: logoTranslations,
  translationBasis: TranslationBasis,
  updated: Stamp.optional(),
});
export type Logo = z.infer<typeof Logo>;

const photoTranslations = translationsOf({ caption: text('Caption', 200), alt: altText });

export const GalleryItem = z.object({
  _id: itemId,
  imageId,
  caption: text('Caption', 200, true),
  alt,
  translations: photoTranslations,
  translationBasis: TranslationBasis,
  ...publicationFields,
});
export type GalleryItem = z.infer<typeof GalleryItem>;

/** What an administrator sends to add a photo (POST /api/gallery and /api/homegallery). */
const galleryInput = (captionMissing: string) =>
  z.object({
    imageId,
    originalName: ImageRef.shape.originalName,
    caption: text('Caption', 200, captionMissing),
    alt,
    translations: photoTranslations,
    // A Contributor's photo waits for review; photos are not scheduled.
    status: StatusField.optional(),
  });
export const GalleryInput = galleryInput('Please provide a caption for the image');
export const HomeGalleryInput = galleryInput('Please provide a caption for the home gallery image');
export type GalleryInput = z.infer<typeof GalleryInput>;

/** What an administrator sends for an event (POST and PUT /api/events), dated in `timeZone`. */
export const eventInput = perTimeZone((timeZone) =>
  z.object({
    title: text('Title', 200, EVENT_REQUIRED),
    description: text('Description', 5000, EVENT_REQUIRED),
    date: calendarDate('Date', EVENT_REQUIRED, timeZone),
    time: optionalTime.default(''),
    location: text('Location', 200).default(''),
    /**
     * One of `settings.eventCategories` when saved (the routes check it); an event keeps its
     * category when the school removes it from the list. Empty or absent: no category.
     */
    category: text('Category', 60).optional().meta({
      description:
        "One of the school's event categories (`settings.eventCategories`), or empty for none; the event is in that category's listing and calendar (`/calendars/<slug>.ics`).",
    }),
    image: optionalImage,
    translations: translationsOf({
      title: text('Title', 200),
      description: text('Description', 5000),
      location: text('Location', 200),
    }),
    ...publicationInput(timeZone),
  }),
);
export const EventInput = eventInput(DEFAULT_TIME_ZONE);
export type EventInput = z.infer<typeof EventInput>;
export const SchoolEvent = EventInput.extend({ _id: itemId, translationBasis: TranslationBasis, ...publicationFields });
export type SchoolEvent = z.infer<typeof SchoolEvent>;

/**
 * Why an event cannot be saved with `category` while the school's categories are `categories`, or
 * null when it can: no category, one of the list, or the one it had (`kept`), which the school may
 * have removed from the list since.
 */
export function eventCategoryProblem(
  category: string | undefined,
  categories: readonly string[],
  kept?: string,
): string | null {
  if (!category || categories.includes(category) || category === kept) return null;
  return categories.length === 0
    ? `The category "${category}" is not an event category: the school has none (School details)`
    : `The category "${category}" is not one of the event categories (${categories.join(', ')}): choose one of them or none`;
}

const expiryRule = { message: 'The expiry date cannot be before the publish date', path: ['expiryDate'] };

/** The texts of a news item or a circular in the site's other languages. */
const titleAndDescription = translationsOf({ title: text('Title', 200), description: text('Description', 5000) });

/** What an administrator sends for a news item (POST and PUT /api/news), dated in `timeZone`. */
export const newsInput = perTimeZone((timeZone) =>
  z
    .object({
      title: text('Title', 200, NEWS_REQUIRED),
      description: text('Description', 5000, NEWS_REQUIRED),
      publishDate: calendarDate('Publish date', undefined, timeZone).optional(),
      expiryDate: calendarDate('Expiry date', undefined, timeZone).nullable().optional(),
      priority: z.enum(NEWS_PRIORITIES, { error: 'Priority must be low, medium or high' }).default('medium'),
      image: optionalImage,
      translations: titleAndDescription,
      ...publicationInput(timeZone),
    })
    .refine((news) => !news.expiryDate || !news.publishDate || news.expiryDate >= news.publishDate, expiryRule),
);
export const NewsInput = newsInput(DEFAULT_TIME_ZONE);
export type NewsInput = z.infer<typeof NewsInput>;
export const News = z.object({
  _id: itemId,
  title: text('Title', 200, true),
  description: text('Description', 5000, true),
  publishDate: calendarDate('Publish date'),
  expiryDate: calendarDate('Expiry date').nullable().default(null),
  priority: z.enum(NEWS_PRIORITIES).default('medium'),
  image: optionalImage,
  translations: titleAndDescription,
  translationBasis: TranslationBasis,
  ...publicationFields,
});
export type News = z.infer<typeof News>;

export const DocumentRef = z.object({
  documentId: z
    .string({ error: 'A document is required' })
    .regex(DOCUMENT_ID_PATTERN, 'The document reference is not valid'),
  originalName: text('The document name', 255).default(''),
});
export type DocumentRef = z.infer<typeof DocumentRef>;

export const documentId = DocumentRef.shape.documentId;

/** What an administrator sends for a circular (POST and PUT /api/circulars). */
export const circularInput = perTimeZone((timeZone) =>
  z.object({
    title: text('Title', 200, CIRCULAR_REQUIRED),
    date: calendarDate('Date', CIRCULAR_REQUIRED, timeZone),
    description: text('Description', 5000).default(''),
    document: DocumentRef.nullable().default(null),
    translations: titleAndDescription,
    ...publicationInput(timeZone),
  }),
);
export const CircularInput = circularInput(DEFAULT_TIME_ZONE);
export type CircularInput = z.infer<typeof CircularInput>;
export const Circular = CircularInput.extend({ _id: itemId, translationBasis: TranslationBasis, ...publicationFields });
export type Circular = z.infer<typeof Circular>;

const message = (role: string) => text(`The ${role} message`, 10_000).default('');

/** The leaders' messages in the site's other languages (`translations` of the content itself). */
export const leadershipTranslations = translationsOf(
  Object.fromEntries(
    LEADERSHIP_ROLES.map((role) => [`${role}Message`, text(`The ${LEADERSHIP_TITLES[role]}'s message`, 10_000)]),
  ) as Record<`${LeadershipRole}Message`, ReturnType<typeof text>>,
);

/** The whole site-content document: what GET /api/content answers and content.json holds. */
export const SiteContent = z.object({
  logos: z.array(Logo).max(50).default([]),
  homegallery: z.array(GalleryItem).max(LIST_LIMIT, listFullMessage('home gallery', 'photos')).default([]),
  gallery: z.array(GalleryItem).max(LIST_LIMIT, listFullMessage('gallery', 'photos')).default([]),
  events: z.array(SchoolEvent).max(LIST_LIMIT, listFullMessage('events', 'events')).default([]),
  news: z
    .array(News.refine((news) => !news.expiryDate || news.expiryDate >= news.publishDate, expiryRule))
    .max(LIST_LIMIT, listFullMessage('news', 'news items'))
    .default([]),
  presidentMessage: message('president'),
  presidentImage: optionalImage,
  secretaryMessage: message('secretary'),
  secretaryImage: optionalImage,
  correspondentMessage: message('correspondent'),
  correspondentImage: optionalImage,
  headmistressMessage: message('headmistress'),
  headmistressImage: optionalImage,
  honoraryPresidentMessage: message('honorary president'),
  honoraryPresidentImage: optionalImage,
  translations: leadershipTranslations,
  translationBasis: TranslationBasis,
  settings: Settings,
  pages: Pages,
  circulars: z.array(Circular).max(LIST_LIMIT, listFullMessage('circulars', 'circulars')),
  /** Urgent notices (alerts.ts): few at a time, so a short list. */
  alerts: z.array(Alert).max(100, 'There can be at most 100 notices; delete ended ones first').default([]),
  /** How long personal data is kept (the privacy page says it). */
  retention: RetentionSettings.default(DEFAULT_RETENTION),
  /** The media library's text alternative of each image, used where an item has none of its own. */
  imageAlts: z.record(imageId, text('The text alternative', ALT_MAX)).default({}),
  /**
   * A replaced document's former id → the id of its new file: the old address keeps serving the
   * new file (links in e-mails and printed QR codes), while the content itself links the new id.
   */
  documentAliases: z.record(documentId, documentId).default({}),
  /** Who last changed each leader's message or photo, and when (never public). */
  leadershipUpdated: z.partialRecord(z.enum(LEADERSHIP_ROLES), Stamp).optional(),
});
export type SiteContent = z.infer<typeof SiteContent>;

export const messageField = (role: LeadershipRole) => `${role}Message` as const;
export const imageField = (role: LeadershipRole) => `${role}Image` as const;

/** Every image id the content (or the parts of it given) refers to. */
export function referencedImageIds(content: Partial<SiteContent>): Set<string> {
  const ids = new Set<string>();
  for (const item of [...(content.logos ?? []), ...(content.homegallery ?? []), ...(content.gallery ?? [])]) {
    ids.add(item.imageId);
  }
  for (const item of [...(content.events ?? []), ...(content.news ?? [])]) {
    if (item.image) ids.add(item.image.imageId);
  }
  for (const role of LEADERSHIP_ROLES) {
    const image = content[imageField(role)];
    if (image) ids.add(image.imageId);
  }
  return ids;
}

/** One schema per time zone, made when first asked for. */
function perTimeZone<T>(make: (timeZone: string) => T): (timeZone: string) => T {
  const made = new Map<string, T>();
  return (timeZone) => {
    let schema = made.get(timeZone);
    if (!schema) {
      schema = make(timeZone);
      made.set(timeZone, schema);
    }
    return schema;
  };
}

/** A link to a stored document, as pages (and any other text of the content) write it. */
const DOCUMENT_LINK = /\/(?:api\/document|documents)\/([a-f0-9]{32}\.pdf)/g;

/**
 * Every document id the content (or the parts of it given) uses: the circulars' documents, and every document linked as
 * `/documents/{documentId}` or `/api/document/{documentId}` from any text of the content (page bodies above all), whichever
 * field holds it.
 */
export function referencedDocumentIds(content: Partial<SiteContent>): Set<string> {
  const ids = linkedDocumentIds(content);
  for (const circular of content.circulars ?? []) if (circular.document) ids.add(circular.document.documentId);
  return ids;
}

/** The document ids linked from any text of `value` (`/documents/{documentId}`, `/api/document/{documentId}`). */
export function linkedDocumentIds(value: unknown): Set<string> {
  const ids = new Set<string>();
  for (const match of (JSON.stringify(value) ?? '').matchAll(DOCUMENT_LINK)) ids.add(match[1]!);
  return ids;
}

/** Circulars newest first; of two on the same day, the one added later first. */
export function newestCircularsFirst(circulars: readonly Circular[]): Circular[] {
  return [...circulars].reverse().sort((a, b) => b.date.localeCompare(a.date));
}

/** The fields PATCH /api/content may change: the leadership messages and images. */
export const LEADERSHIP_FIELDS = LEADERSHIP_ROLES.flatMap((role) => [messageField(role), imageField(role)]);
type LeadershipField = ReturnType<typeof messageField> | ReturnType<typeof imageField>;

export const NOTHING_TO_CHANGE = 'Send at least one leadership message or image to change';
export const unknownContentFields = (keys: readonly string[]) =>
  `Only the leadership messages and images can be changed this way (not: ${keys.join(', ')})`;

/**
 * What PATCH /api/content takes: any of the leadership fields, checked as the whole document
 * checks them but without defaults, so a field left out stays as it is; any other field is refused.
 */
export const LeadershipPatch = z
  .strictObject(
    {
      ...(Object.fromEntries(
        LEADERSHIP_FIELDS.map((field) => [field, SiteContent.shape[field].unwrap().optional()]),
      ) as {
        [F in LeadershipField]: z.ZodOptional<ReturnType<(typeof SiteContent.shape)[F]['unwrap']>>;
      }),
      translations: leadershipTranslations,
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? unknownContentFields(issue.keys) : undefined),
    },
  )
  .refine((patch) => Object.keys(patch).length > 0, NOTHING_TO_CHANGE);
export type LeadershipPatch = z.infer<typeof LeadershipPatch>;
