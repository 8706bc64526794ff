/**
 * The site content as read in one of its languages: every translated text in that language, the
 * rest in the default language (translations.ts). The public API answers it for `?lang=<tag>`.
 */
import type { SiteContent } from './content.ts';
import { allInLanguage, inLanguage } from './translations.ts';

const made = new WeakMap<SiteContent, Map<string, SiteContent>>();

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
      logos: allInLanguage(content.logos, language),
      homegallery: allInLanguage(content.homegallery, language),
      gallery: allInLanguage(content.gallery, language),
      events: allInLanguage(content.events, language),
      news: allInLanguage(content.news, language),
      circulars: allInLanguage(content.circulars, language),
      pages: allInLanguage(content.pages, language) as SiteContent['pages'],
      alerts: allInLanguage(content.alerts, language),
    };
    languages.set(language, view);
  }
  return view;
}
