import { type IslandWords, islandMessages, type Messages } from '../../i18n/catalogue.ts';
import { type DateFormat, dateFormat } from '../../lib/display-format.ts';
import { fallbackLang } from '../../lib/fallback-lang.ts';

/** What an event's or a news item's card says around its texts, in the page's language. */
export interface ItemWords extends Messages, DateFormat {
  /** The `lang` of the item's `field` when it is shown untranslated (fallback-lang.ts). */
  langOf(item: object, field: string): string | undefined;
}

/** The card words of `words` (the groups `item`, and what the page adds). */
export function itemWords(words: IslandWords): ItemWords {
  return {
    ...islandMessages(words),
    ...dateFormat(words.language),
    langOf: (item, field) => fallbackLang(item, field, words.language, words.defaultLanguage),
  };
}
