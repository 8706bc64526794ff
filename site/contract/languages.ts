/**
 * The languages the site speaks (`settings.languages`): BCP 47 tags, the first being the default.
 * The spec's text fields hold the default language's text; other languages' texts stand beside
 * them (translations.ts). A tag must be well formed and name a language this runtime's Intl knows,
 * so a typo ("hin", "en_GB") is refused rather than published as a language nobody reads.
 */
import * as z from 'zod';

/** A fresh install speaks English only, and so is exactly the site it was before languages. */
export const DEFAULT_LANGUAGES = ['en'];
/** Languages in one site: the switcher and every page's alternates list them all. */
export const LANGUAGES_MAX = 10;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** `EN-gb` → `en-GB`; null when `tag` is no well-formed BCP 47 tag. */
function canonicalTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The language's name in English ("Hindi"), or undefined when Intl knows no such language. */
export const englishName = (tag: string): string | undefined => languageNames.of(tag);

/** The language's name in itself ("हिन्दी"), as a language switcher shows it. */
export function nativeName(tag: string): string {
  return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
}

/** Whether text in the language is written right to left (Arabic, Urdu, Persian, Hebrew…). */
export function isRightToLeft(tag: string): boolean {
  const locale = new Intl.Locale(tag).maximize() as Intl.Locale & {
    getTextInfo?: () => { direction: string };
    textInfo?: { direction: string };
  };
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl';
}

export const unknownLanguage = (tag: string) =>
  `"${tag}" is not a language tag this site knows (a BCP 47 tag such as en, hi, ar or es-MX)`;

/** One language tag, answered in its canonical spelling (`EN-gb` → `en-GB`). */
export const LanguageTag = z
  .string({ error: 'A language must be a BCP 47 tag such as en, hi or ar' })
  .trim()
  .transform((tag, ctx) => {
    const canonical = canonicalTag(tag);
    if (canonical === null || englishName(canonical) === undefined) {
      ctx.addIssue({ code: 'custom', message: unknownLanguage(tag) });
      return z.NEVER;
    }
    return canonical;
  });

/** `settings.languages`: at least one, each once; the first is the default language. */
export const Languages = z
  .array(LanguageTag, { error: 'The languages must be a list of BCP 47 tags, the default first' })
  .min(1, 'The site needs at least one language: its default, first')
  .max(LANGUAGES_MAX, `The site may have at most ${LANGUAGES_MAX} languages`)
  .refine((tags) => new Set(tags).size === tags.length, {
    error: (issue) => {
      const tags = issue.input as string[];
      return `Each language may be listed once: ${tags.find((tag, index) => tags.indexOf(tag) !== index)} is listed twice`;
    },
  });

/** The site's default language: the first of its languages. */
export const defaultLanguage = (settings: { languages: readonly string[] }) => settings.languages[0]!;
