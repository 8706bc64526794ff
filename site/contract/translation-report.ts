/**
 * What is left to translate into one of the site's languages: each text a visitor reads whose
 * translation is missing, or outdated because the default language's text changed after the
 * translation was saved (translations.ts). GET /api/admin/translations answers it; the
 * dashboard's Translations view lists it.
 */
import * as z from 'zod';
import { Alert } from './alerts.ts';
import { Circular, GalleryItem, LEADERSHIP_ROLES, Logo, News, SchoolEvent, type SiteContent } from './content.ts';
import { Page } from './pages.ts';
import { Settings } from './settings.ts';
import { type Translatable, translatedFields, translationState } from './translations.ts';

export const TRANSLATION_KINDS = [
  'settings',
  'leadership',
  'pages',
  'events',
  'news',
  'circulars',
  'gallery',
  'homegallery',
  'logos',
  'alerts',
] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];

export const TranslationGap = z.object({
  kind: z.enum(TRANSLATION_KINDS),
  /** The item's `_id`; a page's slug; the leader's role; `settings` for the school details. */
  id: z.string(),
  field: z.string(),
  state: z.enum(['missing', 'outdated']),
  /**
   * What the item is called, in the default language: its title, caption, message or file name;
   * absent for the school details and the leaders' messages, named by their kind.
   */
  name: z.string().optional(),
});
export type TranslationGap = z.infer<typeof TranslationGap>;
export const TranslationReport = z.array(TranslationGap);

/** The fields each kind of object translates (the leaders' messages are fields of the content: `<role>Message`). */
export const TRANSLATED_FIELDS = {
  settings: translatedFields(Settings.shape.translations),
  pages: translatedFields(Page.shape.translations),
  events: translatedFields(SchoolEvent.shape.translations),
  news: translatedFields(News.shape.translations),
  circulars: translatedFields(Circular.shape.translations),
  gallery: translatedFields(GalleryItem.shape.translations),
  homegallery: translatedFields(GalleryItem.shape.translations),
  logos: translatedFields(Logo.shape.translations),
  alerts: translatedFields(Alert.shape.translations),
} satisfies Record<Exclude<TranslationKind, 'leadership'>, readonly string[]>;

type Item = Translatable & { _id?: string; slug?: string };

/** The fields an item is called by, the first it has. */
const NAMES = ['title', 'caption', 'message', 'originalName', 'alt'] as const;

function nameOf(item: object): string | undefined {
  const texts = item as Partial<Record<(typeof NAMES)[number], unknown>>;
  const name = NAMES.map((field) => texts[field]).find((text) => typeof text === 'string' && text !== '');
  return name as string | undefined;
}

/**
 * The texts of `content` not translated into `language`, or translated from an older text, in
 * the order of the dashboard's sections. `includes` leaves out the items a reader may not see (a
 * Contributor: others' drafts); notices that have ended are not read any more, so left out.
 */
export function translationGaps(
  content: SiteContent,
  language: string,
  { now = new Date(), includes = () => true }: { now?: Date; includes?: (item: object) => boolean } = {},
): TranslationGap[] {
  const gaps: TranslationGap[] = [];
  const look = (kind: TranslationKind, id: string, item: Translatable, names: readonly string[], named = true) => {
    const name = named ? nameOf(item) : undefined;
    for (const field of names) {
      const state = translationState(item, field, language);
      if (state === 'missing' || state === 'outdated') gaps.push({ kind, id, field, state, ...(name && { name }) });
    }
  };
  look('settings', 'settings', content.settings, TRANSLATED_FIELDS.settings, false);
  for (const role of LEADERSHIP_ROLES) look('leadership', role, content, [`${role}Message`], false);
  for (const page of content.pages) look('pages', page.slug, page, TRANSLATED_FIELDS.pages);
  const lists = ['events', 'news', 'circulars', 'gallery', 'homegallery', 'logos', 'alerts'] as const;
  for (const kind of lists) {
    for (const item of content[kind] as readonly Item[]) {
      if (kind === 'alerts' && Date.parse((item as Alert).endsAt) <= now.getTime()) continue;
      if (includes(item)) look(kind, item._id!, item, TRANSLATED_FIELDS[kind]);
    }
  }
  return gaps;
}
