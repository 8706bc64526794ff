import { describe, expect, it } from 'vitest';
import { inLanguage } from '../contract/translations.ts';
import { fallbackLang } from './fallback-lang.ts';

describe('fallbackLang', () => {
  const item = { title: 'Sports day', description: 'Races', translations: { hi: { title: 'खेल दिवस' } } };

  it("marks a text shown untranslated on another language's page with the default language", () => {
    const hindi = inLanguage(item, 'hi');
    expect(fallbackLang(hindi, 'title', 'hi', 'en')).toBeUndefined();
    expect(fallbackLang(hindi, 'description', 'hi', 'en')).toBe('en');
    expect(fallbackLang(inLanguage(item, 'ar'), 'title', 'ar', 'en')).toBe('en');
    expect(fallbackLang({ title: 'Plain' }, 'title', 'ar', 'en')).toBe('en');
  });

  it('marks nothing on a page in the default language', () => {
    expect(fallbackLang(inLanguage(item, 'en'), 'description', 'en', 'en')).toBeUndefined();
  });
});
