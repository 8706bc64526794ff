import { describe, expect, it } from 'vitest';
import { SiteContent } from './content.ts';
import { contentInLanguage } from './content-language.ts';
import { exampleSettings } from './example-settings.ts';
import { text } from './fields.ts';
import {
  inLanguage,
  keepTranslations,
  type Translations,
  translationState,
  translationsOf,
  withTranslationBasis,
} from './translations.ts';

type Item = { title: string; translations?: Translations };

const NewsTranslations = translationsOf({ title: text('Title', 20), description: text('Description', 100) });

describe('translations', () => {
  it('are checked as the fields they translate, keyed by canonical tags, empty texts dropped', () => {
    expect(NewsTranslations.parse({ HI: { title: ' खेल ' }, ar: { title: '', description: '' } })).toEqual({
      hi: { title: 'खेल' },
    });
    expect(NewsTranslations.parse(undefined)).toBeUndefined();
    expect(NewsTranslations.safeParse({ hi: { title: 'x'.repeat(21) } }).error?.issues[0]?.message).toBe(
      'Title must be at most 20 characters',
    );
    expect(NewsTranslations.safeParse({ hi: { date: '2026-01-01' } }).error?.issues[0]?.message).toBe(
      'Only title, description can be translated here (not: date)',
    );
  });

  it('give an item in a language, untranslated fields in the default, without translations', () => {
    const item = { title: 'Sports day', description: 'Races', translations: { hi: { title: 'खेल दिवस' } } };
    expect(inLanguage(item, 'hi')).toEqual({ title: 'खेल दिवस', description: 'Races', translated: ['title'] });
    expect(inLanguage(item, 'ar')).toEqual({ title: 'Sports day', description: 'Races' });
    const plain: Item = { title: 'Plain' };
    expect(inLanguage(plain, 'hi')).toEqual({ title: 'Plain' });
  });

  it('are kept by a write that sends none, and replaced by one that sends them', () => {
    const previous = { title: 'A', translations: { hi: { title: 'अ' } } };
    const next: Item = { title: 'B' };
    expect(keepTranslations(next, { title: 'B' }, previous)).toEqual({
      title: 'B',
      translations: previous.translations,
    });
    const cleared: Item = { title: 'B', translations: {} };
    expect(keepTranslations(cleared, { translations: {} }, previous)).toEqual({
      title: 'B',
      translations: {},
    });
  });

  it('reach every part of the content read in a language, the same object each time', () => {
    const content = SiteContent.parse({
      settings: { ...exampleSettings(), languages: ['en', 'hi'], translations: { hi: { tagline: 'हर बच्चा' } } },
      pages: ['admissions', 'privacy', 'disclaimer', 'mandatory-public-disclosure', 'accessibility'].map((slug) => ({
        slug,
        title: slug,
        body: '',
        translations: { hi: { body: `${slug} हिन्दी` } },
      })),
      circulars: [],
      presidentMessage: 'Welcome',
      translations: { hi: { presidentMessage: 'स्वागत' } },
    });
    const hindi = contentInLanguage(content, 'hi');
    expect(hindi.settings.tagline).toBe('हर बच्चा');
    expect(hindi.presidentMessage).toBe('स्वागत');
    expect(hindi.pages[0]!.body).toBe('admissions हिन्दी');
    expect(JSON.stringify(hindi)).not.toContain('"translations"');
    expect(contentInLanguage(content, 'hi')).toBe(hindi);
  });

  it('know which translations are missing, and which were saved beside a text that has changed since', () => {
    const saved = withTranslationBasis(
      { title: 'Sports day', description: 'Races', translations: { hi: { title: 'खेल दिवस' } } },
      undefined,
    );
    expect(translationState(saved, 'title', 'hi')).toBe('translated');
    expect(translationState(saved, 'description', 'hi')).toBe('missing');
    const blank = { ...saved, description: '' };
    expect(translationState(blank, 'description', 'hi')).toBeNull();

    // The English title changes, the Hindi one stays: it was translated from the old title.
    const retitled = withTranslationBasis({ ...saved, title: 'Sports day 2026' }, saved);
    expect(translationState(retitled, 'title', 'hi')).toBe('outdated');
    // Its translation saved again is based on the new title; a basis a client sends is not taken.
    const again = withTranslationBasis(
      { ...retitled, translations: { hi: { title: 'खेल दिवस 2026' } }, translationBasis: { hi: { title: 'forged' } } },
      retitled,
    );
    expect(translationState(again, 'title', 'hi')).toBe('translated');
  });
});
