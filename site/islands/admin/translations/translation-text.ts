/**
 * The dashboard's view of translations (site/contract/translations.ts): a form's change to one
 * language's text, and how far an item is translated into a language, in the words it shows.
 */
import { englishName, isRightToLeft, nativeName } from '../../../contract/languages.ts';
import type { TranslationGap } from '../../../contract/translation-report.ts';
import {
  type Translatable,
  type TranslationState,
  type Translations,
  translationState,
} from '../../../contract/translations.ts';

export const STATE_LABELS: Record<TranslationState, string> = {
  missing: 'Missing',
  outdated: 'Needs update',
  translated: 'Translated',
};

/** How the dashboard names and writes a language: its own name on tabs, English in labels. */
export function languageOf(tag: string) {
  return {
    tag,
    nativeName: nativeName(tag),
    englishName: englishName(tag) ?? tag,
    dir: isRightToLeft(tag) ? ('rtl' as const) : ('ltr' as const),
  };
}

/**
 * `translations` with `field` in `language` set to `text` (a text, or a list of rows); an empty
 * text or list removes it (it is no translation).
 */
export function withTranslation(
  translations: Translations | undefined,
  language: string,
  field: string,
  text: unknown,
): Translations {
  const { [field]: _old, ...others } = translations?.[language] ?? {};
  const empty = text === '' || (Array.isArray(text) && text.length === 0);
  const fields = empty ? others : { ...others, [field]: text };
  const { [language]: _language, ...languages } = translations ?? {};
  return Object.keys(fields).length > 0 ? { ...languages, [language]: fields } : languages;
}

/**
 * How far `item` is translated into `language` over its `fields`: needs an update when one of its
 * translations is outdated, missing when a text has none, translated when every text has one; null
 * when it has no text to translate.
 */
export function itemTranslationState(
  item: Translatable,
  fields: readonly string[],
  language: string,
): TranslationState | null {
  const states = fields.map((field) => translationState(item, field, language));
  if (states.includes('outdated')) return 'outdated';
  if (states.includes('missing')) return 'missing';
  return states.includes('translated') ? 'translated' : null;
}

/** The gaps of one item: its kind and id, and each field left to translate with its state. */
export interface ItemGaps {
  kind: TranslationGap['kind'];
  id: string;
  name?: string | undefined;
  fields: Pick<TranslationGap, 'field' | 'state'>[];
}

/** `gaps` (a report, an item's fields together) one entry per item, in the report's order. */
export function gapsByItem(gaps: readonly TranslationGap[]): ItemGaps[] {
  const items: ItemGaps[] = [];
  for (const { kind, id, name, field, state } of gaps) {
    const last = items.at(-1);
    if (last?.kind === kind && last.id === id) last.fields.push({ field, state });
    else items.push({ kind, id, name, fields: [{ field, state }] });
  }
  return items;
}
