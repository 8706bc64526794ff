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
/**
 * What the default language's text of each translated field was when its translation was last
 * saved (`fingerprint`), by language: a translation whose text changed since is outdated. Kept by
 * the server (admin-api/workflow/stamps.ts), never public, never taken from a client.
 */
export type TranslationBasis = Record<string, Record<string, string>>;
export type Translatable = { translations?: Translations; translationBasis?: TranslationBasis };

export const TranslationBasis = z.record(z.string(), z.record(z.string(), z.string())).optional();

/** The translatable fields of each `translations` schema made by translationsOf. */
const fieldsOfSchema = new WeakMap<z.ZodType, readonly string[]>();

/** The fields `schema` (an object's `translations`) translates. */
export const translatedFields = (schema: z.ZodType): readonly string[] => fieldsOfSchema.get(schema) ?? [];

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
  const schema = z
    .record(LanguageTag, oneLanguage, {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? (issue.issues?.[0]?.message ?? 'Each translation must be keyed by a language tag')
          : 'The translations must be an object with one entry per language',
    })
    .transform((translations) => withoutEmpty(translations) as { [tag: string]: Partial<z.output<typeof oneLanguage>> })
    .optional();
  fieldsOfSchema.set(schema, names);
  return schema;
}

/**
 * `item` as read in `language`: each translated field in that language, named in `translated`,
 * the others in the default language (site/lib/fallback-lang.ts marks them); without
 * `translations`, as the answers of one language carry none.
 */
export function inLanguage<T extends Translatable>(item: T, language: string): T {
  const { translations, translationBasis: _basis, ...rest } = item;
  if (!translations) return item;
  const texts = translations[language];
  const view = (texts ? { ...rest, ...texts, translated: Object.keys(texts) } : rest) as unknown as T;
  originals.set(view, item);
  return view;
}

/** The item each of inLanguage's views was made from. */
const originals = new WeakMap<object, object>();

/**
 * The item `view` was made from by inLanguage (`view` itself when it is none of its views): what
 * stays the same in every language, such as an address made from a text, is made from it.
 */
export const inDefaultLanguage = <T extends object>(view: T): T => (originals.get(view) as T | undefined) ?? view;

/**
 * What allInLanguage made, by list or item and language: the same list or item in the same
 * language is the same object, so comparing two versions of the content in a language skips what
 * they share (site/lib/same-value.ts), as it does in the default language.
 */
const madeInLanguage = new WeakMap<object, Map<string, object>>();

function once<T extends object>(original: T, language: string, make: () => T): T {
  const languages = madeInLanguage.get(original) ?? new Map<string, object>();
  madeInLanguage.set(original, languages);
  const made = (languages.get(language) as T | undefined) ?? make();
  languages.set(language, made);
  return made;
}

/**
 * `items` in `language` (each as `inLanguage`), or as they are when no language is asked for; the
 * same list when none of them is translated, and the same objects each time.
 */
export function allInLanguage<L extends readonly Translatable[]>(items: L, language: string | null): L {
  if (language === null || !items.some((item) => item.translations)) return items;
  const each = (item: Translatable) => once(item, language, () => inLanguage(item, language));
  return once(items, language, () => items.map(each) as unknown as L);
}

/** A short fingerprint of a text (or a list of texts): FNV-1a, enough to see that it changed. */
export function fingerprint(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * `next` with the basis of its translations: a translation saved by this change is based on the
 * default language's text now; one left as it was keeps the basis it had in `previous`.
 */
export function withTranslationBasis<T extends Translatable>(next: T, previous: Translatable | undefined): T {
  const { translationBasis: _sent, ...rest } = next;
  if (!next.translations) return rest as T;
  const basis: TranslationBasis = {};
  for (const [tag, fields] of Object.entries(next.translations)) {
    for (const [field, text] of Object.entries(fields)) {
      const unchanged = previous !== undefined && sameText(previous.translations?.[tag]?.[field], text);
      // A translation stored before bases were kept is based on the text it stood beside.
      const before = unchanged
        ? (previous.translationBasis?.[tag]?.[field] ?? fingerprint(textOf(previous, field)))
        : undefined;
      basis[tag] = { ...basis[tag], [field]: before ?? fingerprint(textOf(next, field)) };
    }
  }
  return Object.keys(basis).length > 0 ? ({ ...rest, translationBasis: basis } as T) : (rest as T);
}

const textOf = (item: Translatable, field: string) => (item as Record<string, unknown>)[field];
const sameText = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** How far `field` of `item` is translated into `language`; null when it has no text to translate. */
export type TranslationState = 'missing' | 'outdated' | 'translated';
export function translationState(item: Translatable, field: string, language: string): TranslationState | null {
  const text = textOf(item, field);
  if (text === undefined || text === null || text === '' || (Array.isArray(text) && text.length === 0)) return null;
  if (item.translations?.[language]?.[field] === undefined) return 'missing';
  return item.translationBasis?.[language]?.[field] === fingerprint(text) ? 'translated' : 'outdated';
}

/**
 * `next` keeping the translations of `previous` when the write sent none: a client that knows
 * only the default language's fields (the spec's calls) does not erase the other languages.
 */
export function keepTranslations<T extends Translatable>(next: T, sent: object, previous: Translatable): T {
  if ('translations' in sent && sent.translations !== undefined) return next;
  return previous.translations ? { ...next, translations: previous.translations } : next;
}
