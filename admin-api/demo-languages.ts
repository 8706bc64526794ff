/**
 * `npm run seed:demo -- --languages`: the demo in English, Hindi and Arabic. The small demo's items
 * and leaders' messages take their texts in each language (demo-translations.ts) before the large
 * demo copies them; the school details, pages and circulars of the fresh folder take theirs where
 * their English is still the default one (a school may have changed it before seeding). Every
 * translation is then based on the English beside it, as a save in the dashboard makes it, so the
 * Translations view opens on nothing left to translate.
 */
import { isDeepStrictEqual } from 'node:util';
import { LEADERSHIP_ROLES, messageField, type SiteContent } from '../site/contract/content.ts';
import { englishName } from '../site/contract/languages.ts';
import type { Settings } from '../site/contract/settings.ts';
import {
  inLanguage,
  type Translatable,
  type Translations,
  withTranslationBasis,
} from '../site/contract/translations.ts';
import {
  CREST_ALT_IN,
  DEMO_EVENTS_IN,
  DEMO_NEWS_IN,
  DEMO_TRANSLATED,
  GALLERY_CAPTIONS_IN,
  HOME_CAPTIONS_IN,
  type InEach,
  inEach,
  LEADERSHIP_MESSAGES_IN,
  SCENE_ALT_IN,
} from './demo-translations.ts';
import { CIRCULARS_IN, PAGES_IN, SETTINGS_IN } from './demo-translations-school.ts';
import { defaultCirculars } from './store/default-circulars.ts';
import { defaultPages } from './store/default-pages.ts';
import { defaultSettings } from './store/default-settings.ts';

/** The site's languages in the demo with `--languages`, English the default. */
export const DEMO_LANGUAGES = ['en', ...DEMO_TRANSLATED];
/** "English, Hindi and Arabic". */
export const DEMO_LANGUAGE_NAMES = new Intl.ListFormat('en-GB').format(DEMO_LANGUAGES.map((tag) => englishName(tag)!));

export type DemoLists = Pick<SiteContent, 'logos' | 'homegallery' | 'gallery' | 'events' | 'news'>;

/** The small demo's lists and leaders' messages with their Hindi and Arabic texts; `settings` names the school. */
export function withDemoTranslations<D extends DemoLists>(demo: D, settings: Settings): D & Translatable {
  const named = withSchoolTranslations(settings);
  const crestAlt = inEach((language) => ({ alt: CREST_ALT_IN[language](inLanguage(named, language).schoolName) }));
  return {
    ...demo,
    logos: demo.logos.map((logo) => ({ ...logo, translations: crestAlt })),
    homegallery: alongside(demo.homegallery, HOME_CAPTIONS_IN.map(photoTexts)),
    gallery: alongside(demo.gallery, GALLERY_CAPTIONS_IN.map(photoTexts)),
    events: alongside(demo.events, DEMO_EVENTS_IN),
    news: alongside(demo.news, DEMO_NEWS_IN),
    translations: inEach((language) =>
      Object.fromEntries(LEADERSHIP_ROLES.map((role) => [messageField(role), LEADERSHIP_MESSAGES_IN[role][language]])),
    ),
  };
}

/**
 * `content` (the fresh folder's with the demo's) in the demo's languages: the site's languages
 * set, the default school details, pages and circulars translated, and every translation based.
 */
export function inDemoLanguages(content: SiteContent): SiteContent {
  const pages = defaultPages();
  const circulars = defaultCirculars();
  return withBases({
    ...content,
    settings: { ...withSchoolTranslations(content.settings), languages: DEMO_LANGUAGES },
    pages: content.pages.map((page) => ({
      ...page,
      translations: whereUnchanged(
        page,
        pages.find(({ slug }) => slug === page.slug),
        inEach((language) => PAGES_IN[language][page.slug]),
      ),
    })),
    circulars: content.circulars.map((circular) => ({
      ...circular,
      translations: whereUnchanged(
        circular,
        circulars.find(({ _id }) => _id === circular._id),
        CIRCULARS_IN[circular._id],
      ),
    })),
  });
}

function withSchoolTranslations(settings: Settings): Settings {
  return { ...settings, translations: whereUnchanged(settings, defaultSettings(), SETTINGS_IN) };
}

const photoTexts = (caption: InEach<string>) =>
  inEach((language) => ({ caption: caption[language], alt: SCENE_ALT_IN[language] }));

/** Each item with the translations at its place in `translations`. */
function alongside<T extends Translatable>(items: readonly T[], translations: readonly Translations[]): T[] {
  return items.map((item, index) => ({ ...item, translations: translations[index] }));
}

/**
 * The translations in `texts` of the fields whose text in `item` is still `original`'s: a text
 * the school rewrote is not what they translate. None without an original or texts.
 */
function whereUnchanged<T extends Translatable>(
  item: T,
  original: T | undefined,
  texts: InEach<object> | undefined,
): Translations | undefined {
  if (!original || !texts) return item.translations;
  const textOf = (of: T, field: string) => (of as Record<string, unknown>)[field];
  const unchanged = ([field]: [string, unknown]) => isDeepStrictEqual(textOf(item, field), textOf(original, field));
  return inEach((language) => Object.fromEntries(Object.entries(texts[language]).filter(unchanged)));
}

/** `content` with each translation based on the English it stands beside now. */
function withBases(content: SiteContent): SiteContent {
  const based = <T extends Translatable>(item: T) => withTranslationBasis(item, undefined);
  return {
    ...based(content),
    settings: based(content.settings),
    pages: content.pages.map(based),
    circulars: content.circulars.map(based),
    events: content.events.map(based),
    news: content.news.map(based),
    gallery: content.gallery.map(based),
    homegallery: content.homegallery.map(based),
    logos: content.logos.map(based),
  };
}
