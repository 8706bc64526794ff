import { describe, expect, it } from 'vitest';
import { fingerprint, type Translatable } from '../../../contract/translations.ts';
import { gapsByItem, itemTranslationState, languageOf, withTranslation } from './translation-text.ts';

describe('withTranslation', () => {
  it('sets one field of one language, keeping the others', () => {
    const before = { hi: { title: 'खेल दिवस' }, ar: { title: 'يوم الرياضة' } };
    expect(withTranslation(before, 'hi', 'description', 'दौड़')).toEqual({
      hi: { title: 'खेल दिवस', description: 'दौड़' },
      ar: { title: 'يوم الرياضة' },
    });
    expect(withTranslation(undefined, 'hi', 'title', 'खेल')).toEqual({ hi: { title: 'खेल' } });
  });

  it('removes an emptied text, and a language left with none', () => {
    const before = { hi: { title: 'खेल दिवस', description: 'दौड़' }, ar: { title: 'يوم' } };
    expect(withTranslation(before, 'hi', 'title', '')).toEqual({ hi: { description: 'दौड़' }, ar: { title: 'يوم' } });
    expect(withTranslation(before, 'ar', 'title', '')).toEqual({ hi: before.hi });
  });
});

describe('itemTranslationState', () => {
  const fields = ['title', 'description'];
  type Texts = Translatable & { title: string; description: string };
  const item: Texts = { title: 'Sports day', description: 'Races' };
  const basis = { hi: { title: fingerprint('Sports day'), description: fingerprint('Races') } };

  it('is missing while a text has no translation, translated when each has one', () => {
    expect(itemTranslationState(item, fields, 'hi')).toBe('missing');
    const half = { ...item, translations: { hi: { title: 'खेल दिवस' } }, translationBasis: basis };
    expect(itemTranslationState(half, fields, 'hi')).toBe('missing');
    const whole = { ...half, translations: { hi: { title: 'खेल दिवस', description: 'दौड़' } } };
    expect(itemTranslationState(whole, fields, 'hi')).toBe('translated');
  });

  it('needs an update once a default text changed after its translation', () => {
    const changed: Texts = {
      title: 'Sports week',
      description: 'Races',
      translations: { hi: { title: 'खेल दिवस' } },
      translationBasis: basis,
    };
    expect(itemTranslationState(changed, fields, 'hi')).toBe('outdated');
  });

  it('is null when there is no text to translate', () => {
    const empty: Texts = { title: '', description: '' };
    expect(itemTranslationState(empty, fields, 'hi')).toBeNull();
  });
});

describe('languageOf', () => {
  it('names a language in itself and in English, and says its direction', () => {
    expect(languageOf('hi')).toEqual({ tag: 'hi', nativeName: 'हिन्दी', englishName: 'Hindi', dir: 'ltr' });
    expect(languageOf('ar').dir).toBe('rtl');
  });
});

describe('gapsByItem', () => {
  it('puts the fields of each item together, in the order of the report', () => {
    const gaps = [
      { kind: 'settings', id: 'settings', field: 'tagline', state: 'missing' },
      { kind: 'news', id: 'a', field: 'title', state: 'outdated', name: 'Sports day' },
      { kind: 'news', id: 'a', field: 'description', state: 'missing', name: 'Sports day' },
      { kind: 'news', id: 'b', field: 'title', state: 'missing', name: 'Library week' },
    ] as const;
    expect(gapsByItem(gaps)).toEqual([
      { kind: 'settings', id: 'settings', fields: [{ field: 'tagline', state: 'missing' }] },
      {
        kind: 'news',
        id: 'a',
        name: 'Sports day',
        fields: [
          { field: 'title', state: 'outdated' },
          { field: 'description', state: 'missing' },
        ],
      },
      { kind: 'news', id: 'b', name: 'Library week', fields: [{ field: 'title', state: 'missing' }] },
    ]);
  });
});
