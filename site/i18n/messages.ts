/**
 * The words of the public pages that are not content (menus, buttons, labels, empty states…): one
 * catalogue per language in messages/, English the reference. A language without a catalogue, and
 * a key a catalogue lacks, read English. The school's own texts come from the content, not here.
 */
import { fallbackLang } from '../lib/fallback-lang.ts';
import { type Catalogue, catalogueMessages as fromCatalogue, type IslandWords, type Messages } from './catalogue.ts';
import ar from './messages/ar.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import hi from './messages/hi.json' with { type: 'json' };

export type { Catalogue, MessageKey, Messages, PluralKey } from './catalogue.ts';

export const CATALOGUES: Readonly<Record<string, Catalogue>> = { en, hi, es, ar };

/** The messages of `catalogue`, in `language`, with English for what it lacks. */
export const catalogueMessages = (language: string, catalogue: Catalogue): Messages =>
  fromCatalogue(language, catalogue, CATALOGUES.en);

const MESSAGES: Readonly<Record<string, Messages>> = Object.fromEntries(
  Object.entries(CATALOGUES).map(([language, catalogue]) => [language, catalogueMessages(language, catalogue)]),
);

/** The messages of `tag` (a BCP 47 tag): its own catalogue, its base language's, or English's. */
export function messagesFor(tag: string): Messages {
  const base = tag.split('-')[0]!.toLowerCase();
  return MESSAGES[Object.hasOwn(MESSAGES, tag) ? tag : Object.hasOwn(MESSAGES, base) ? base : 'en']!;
}

export const english = messagesFor('en');

/** What a page knows of its language (Astro.locals). */
type PageLocals = { language?: string | undefined; content: { settings: { languages: readonly string[] } } };

/** The language a page is rendered in: the one its renderer set, else the site's default. */
export const pageLanguage = (locals: PageLocals): string =>
  locals.language ?? locals.content.settings.languages[0] ?? 'en';

/** What a page or component calls: `const { t } = pageMessages(Astro.locals)`. */
export const pageMessages = (locals: PageLocals): Messages => messagesFor(pageLanguage(locals));

/**
 * The words of the keys under `groups` (`'form'` for `form.name`, `form.email`…) in the page's
 * language, for an island: a page passes an island only the words it shows.
 */
export function islandWords(locals: PageLocals, ...groups: string[]): IslandWords {
  const language = pageLanguage(locals);
  const catalogue = CATALOGUES[messagesFor(language).language]!;
  const english = CATALOGUES.en!;
  const inGroups = (key: string) => groups.some((group) => key.startsWith(`${group}.`));
  const texts: Record<string, string> = {};
  for (const key of Object.keys(english)) if (inGroups(key)) texts[key] = catalogue[key] ?? english[key]!;
  // The plural forms a language has and English lacks (`_few`, `_many`…).
  for (const key of Object.keys(catalogue)) if (inGroups(key)) texts[key] = catalogue[key]!;
  return { language, defaultLanguage: locals.content.settings.languages[0] ?? language, texts };
}

/**
 * What marks a content text on the page as the default language's where it has no translation:
 * `<h2 lang={langOf(item, 'title')}>` (site/lib/fallback-lang.ts).
 */
export function contentLang(locals: PageLocals): (item: object, field: string) => string | undefined {
  const language = pageLanguage(locals);
  const defaultLanguage = locals.content.settings.languages[0] ?? language;
  return (item, field) => fallbackLang(item, field, language, defaultLanguage);
}
