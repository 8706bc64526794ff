/**
 * The site content as read in one of its languages: every translated text in that language, the
 * rest in the default language (translations.ts). The public API answers it for `?lang=<tag>`.
 */
import type { SiteContent } from './content.ts';
import { inLanguage, type Translatable } from './translations.ts';

const made = new WeakMap<SiteContent, Map<string, SiteContent>>();

/** The items in `language`; the same list when none of them is translated. */
const each = <T extends Translatable>(items: T[], language: string): T[] =>
  items.some((item) => item.translations) ? items.map((item) => inLanguage(item, language)) : items;

/** `content` in `language`; the same object for the same content and language. */
export function contentInLanguage(content: SiteContent, language: string): SiteContent {
  let languages = made.get(content);
  if (!languages) {
    languages = new Map();
    made.set(content, languages);
  }
  let view = languages.get(language);
  if (!view) {
    view = {
      ...inLanguage(content, language),
      settings: inLanguage(content.settings, language),
      logos: each(content.logos, language),
      homegallery: each(content.homegallery, language),
      gallery: each(content.gallery, language),
      events: each(content.events, language),
      news: each(content.news, language),
      circulars: each(content.circulars, language),
      pages: each(content.pages, language) as SiteContent['pages'],
      alerts: each(content.alerts, language),
    };
    languages.set(language, view);
  }
  return view;
}
