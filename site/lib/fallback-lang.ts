/**
 * Text shown in the default language inside a page of another language (a field with no
 * translation) carries the default language's `lang`, so that a screen reader reads it in its own
 * language and the browser hyphenates and shapes it right. Without zod: islands use it too.
 */

/**
 * An object as read in a language (site/contract/translations.ts, `inLanguage`): `translated`
 * names the fields it has in that language; every other text of it is the default language's.
 */
export type InLanguage = { translated?: readonly string[] };

/**
 * The `lang` of `field` of `item` on a page in `language`: `defaultLanguage` when the text is the
 * default language's, none when it is in the page's language.
 */
export function fallbackLang(
  item: object,
  field: string,
  language: string,
  defaultLanguage: string,
): string | undefined {
  if (language === defaultLanguage || (item as InLanguage).translated?.includes(field)) return undefined;
  return defaultLanguage;
}

/** `item`'s `translated`, to copy into what an island is given; nothing when it has none. */
export function translatedOf(item: object): InLanguage {
  const { translated } = item as InLanguage;
  return translated ? { translated } : {};
}
