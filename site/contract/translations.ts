/**
 * Texts in the site's other languages, kept beside the text they translate: an object holding
 * text a visitor reads (a news item, a page, a photo, the school details…) may carry
 * `translations: { "<tag>": { "<field>": <text> } }` for its own text fields. The object's fields
 * stay the default language's (languages.ts), so every call of the spec keeps working; a field
 * with no translation is shown in the default language. An empty text is no translation.
 */
import * as z from 'zod';
import { LanguageTag } from './languages.ts';

export type Translations<F extends string = string> = Record<string, Partial<Record<F, unknown>>>;
export type Translatable = { translations?: Translations };

/** Drops empty texts, and languages left with none: they are not translations. */
function withoutEmpty(translations: Record<string, Record<string, unknown>>): Translations {
  const kept: Translations = {};
  for (const [tag, fields] of Object.entries(translations)) {
    const texts = Object.entries(fields).filter(([, text]) => text !== undefined && text !== '');
    if (texts.length > 0) kept[tag] = Object.fromEntries(texts);
  }
  return kept;
}

/**
 * The `translations` of an object whose translatable fields are `fields` (each checked as the
 * field itself is, without its default): optional, so an object without them is as before.
 */
export function translationsOf<const F extends Record<string, z.ZodType>>(fields: F) {
  const names = Object.keys(fields);
  const optional = Object.fromEntries(names.map((name) => [name, fields[name]!.optional()])) as {
    [K in keyof F]: z.ZodOptional<F[K]>;
  };
  const oneLanguage = z.strictObject(optional, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only ${names.join(', ')} can be translated here (not: ${issue.keys.join(', ')})`
        : 'The translations of each language must be an object of texts',
  });
  return z
    .record(LanguageTag, oneLanguage, {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? (issue.issues?.[0]?.message ?? 'Each translation must be keyed by a language tag')
          : 'The translations must be an object with one entry per language',
    })
    .transform((translations) => withoutEmpty(translations) as { [tag: string]: Partial<z.output<typeof oneLanguage>> })
    .optional();
}

/**
 * `item` as read in `language`: each translated field in that language, the others in the
 * default language; without `translations`, as the answers of one language carry none.
 */
export function inLanguage<T extends Translatable>(item: T, language: string): T {
  const { translations, ...rest } = item;
  if (!translations) return item;
  return { ...rest, ...translations[language] } as T;
}

/**
 * `next` keeping the translations of `previous` when the write sent none: a client that knows
 * only the default language's fields (the spec's calls) does not erase the other languages.
 */
export function keepTranslations<T extends Translatable>(next: T, sent: object, previous: Translatable): T {
  if ('translations' in sent && sent.translations !== undefined) return next;
  return previous.translations ? { ...next, translations: previous.translations } : next;
}
