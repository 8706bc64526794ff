/**
 * Messages made from one catalogue, without the catalogues themselves: what an island imports, so
 * that its bundle carries only the words its page gave it (IslandWords), not every language's.
 */
import type en from './messages/en.json';

export type MessageKey = keyof typeof en;
/**
 * A count's message, in forms named after Intl.PluralRules (`privacy.days_one`, `…_other`); a
 * catalogue may add the forms its language has and English lacks (`_two`, `_few`…).
 */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}_other` ? Base : never }[MessageKey];

export type Catalogue = Readonly<Record<string, string>>;
type Values = Readonly<Record<string, string | number>>;

export interface Messages {
  /**
   * The catalogue's language (`hi` for `hi-IN`, `en` for a language without one); an island's, its
   * page's language.
   */
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

/** The messages of `catalogue`, in `language`, with `fallback`'s (English's) for what it lacks. */
export function catalogueMessages(language: string, catalogue: Catalogue, fallback: Catalogue = {}): Messages {
  const rules = new Intl.PluralRules(language);
  const fallbackRules = new Intl.PluralRules('en');
  return {
    language,
    t: (key, values) => fill(catalogue[key] ?? fallback[key] ?? key, values),
    plural: (key, count, values) => {
      const form = (words: Catalogue, pluralRules: Intl.PluralRules) =>
        words[`${key}_${pluralRules.select(count)}`] ?? words[`${key}_other`];
      return fill(form(catalogue, rules) ?? form(fallback, fallbackRules) ?? key, { count, ...values });
    },
  };
}

/**
 * The words a page gives an island (a prop, so JSON): the page's language (a BCP 47 tag, for its
 * plurals and dates), the site's default language (which marks content shown untranslated,
 * site/lib/fallback-lang.ts) and the texts of the keys the island shows, English where the
 * catalogue has none.
 */
export interface IslandWords {
  language: string;
  defaultLanguage: string;
  texts: Catalogue;
}

const made = new WeakMap<IslandWords, Messages>();

/** The messages of the words an island was given. */
export function islandMessages(words: IslandWords): Messages {
  let messages = made.get(words);
  if (!messages) {
    messages = catalogueMessages(words.language, words.texts);
    made.set(words, messages);
  }
  return messages;
}
