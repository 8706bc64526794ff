/**
 * The words of the public pages that are not content (menus, buttons, labels, empty states…): one
 * catalogue per language in messages/, English the reference. A language without a catalogue, and
 * a key a catalogue lacks, read English. The school's own texts come from the content, not here.
 */
import ar from './messages/ar.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import hi from './messages/hi.json' with { type: 'json' };

export type MessageKey = keyof typeof en;
/**
 * A count's message, in forms named after Intl.PluralRules (`privacy.days_one`, `…_other`); a
 * catalogue may add the forms its language has and English lacks (`_two`, `_few`…).
 */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}_other` ? Base : never }[MessageKey];
export type Catalogue = Readonly<Record<string, string>>;
type Values = Readonly<Record<string, string | number>>;

export const CATALOGUES: Readonly<Record<string, Catalogue>> = { en, hi, es, ar };

export interface Messages {
  /** The catalogue's language: `hi` for `hi-IN`, `en` for a language without one. */
  language: string;
  /** The key's words, each `{name}` replaced by `values[name]`; a placeholder without a value stays. */
  t(key: MessageKey, values?: Values): string;
  /**
   * The words for `count` things, in the form the language uses for that number; `{count}` is the
   * number unless `values` gives it (in words, say).
   */
  plural(key: PluralKey, count: number, values?: Values): string;
}

const fill = (text: string, values: Values = {}) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));

/** The messages of `catalogue`, in `language`, with English for what it lacks. */
export function catalogueMessages(language: string, catalogue: Catalogue): Messages {
  const english = CATALOGUES.en!;
  const rules = new Intl.PluralRules(language);
  const englishRules = new Intl.PluralRules('en');
  return {
    language,
    t: (key, values) => fill(catalogue[key] ?? english[key] ?? key, values),
    plural: (key, count, values) => {
      const form = (words: Catalogue, pluralRules: Intl.PluralRules) =>
        words[`${key}_${pluralRules.select(count)}`] ?? words[`${key}_other`];
      return fill(form(catalogue, rules) ?? form(english, englishRules) ?? key, { count, ...values });
    },
  };
}

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
