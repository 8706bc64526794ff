/**
 * `?lang=<tag>` of the public GETs: the texts in one of the site's languages, where translated
 * (site/contract/translations.ts). A tag that is not one of the site's languages is refused, so a
 * mistyped tag is not mistaken for an untranslated language.
 */
import type { Context } from 'hono';
import * as z from 'zod';
import { LanguageTag } from '../../site/contract/languages.ts';
import { HttpError } from './errors.ts';

/** The query the public GETs take, for the API reference. */
export const LanguageQuery = z.object({
  lang: z
    .string()
    .optional()
    .describe(
      "One of the site's languages (`settings.languages`): each text in that language where translated, in the default language elsewhere, and no `translations`. Without it, the texts as stored, with their `translations`.",
    ),
});

export const notASiteLanguage = (asked: string, languages: readonly string[]) =>
  `"${asked}" is not one of the site's languages (${languages.join(', ')})`;

/** The language `?lang` asks for, or null when it asks for none; 400 when it is not one of `languages`. */
export function requestedLanguage(c: Context, languages: readonly string[]): string | null {
  const asked = c.req.query('lang');
  if (asked === undefined) return null;
  const tag = LanguageTag.safeParse(asked);
  if (!tag.success || !languages.includes(tag.data)) throw new HttpError(400, notASiteLanguage(asked, languages));
  return tag.data;
}
