import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, catalogueMessages, messagesFor, pageMessages } from './messages.ts';

const english = CATALOGUES.en!;
/** A plural form English does not write, for a message English has an `_other` form of. */
const extraPluralBase = (key: string) => {
  const base = /^(.+)_(zero|two|few|many)$/.exec(key)?.[1];
  return base !== undefined && `${base}_other` in english ? base : undefined;
};
/** The placeholders of a text; a plural form may write its count in words ("سبب واحد"), leaving `{count}` out. */
const placeholdersOf = (key: string, text: string) =>
  [...new Set(text.match(/\{\w+\}/g))]
    .filter((name) => name !== '{count}' || !/_(zero|one|two|few|many|other)$/.test(key))
    .sort();

describe.each(Object.keys(CATALOGUES).filter((language) => language !== 'en'))('the %s catalogue', (language) => {
  const catalogue = CATALOGUES[language]!;

  it('has every key English has, and no other', () => {
    expect(Object.keys(english).filter((key) => !(key in catalogue))).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !(key in english) && !extraPluralBase(key))).toEqual([]);
  });

  it('has a text for each key, with the placeholders of English', () => {
    for (const [key, text] of Object.entries(catalogue)) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      const reference = english[key] ?? english[`${extraPluralBase(key)}_other`]!;
      expect(placeholdersOf(key, text), key).toEqual(placeholdersOf(key, reference));
    }
  });
});

describe('messages', () => {
  it('fills placeholders and leaves those without a value', () => {
    const { t } = messagesFor('en');
    expect(t('footer.rights', { year: 2026, school: 'Sunridge' })).toBe('© 2026 Sunridge. All rights reserved.');
    expect(t('events.phoneHint')).toBe('On a phone, add {address} as a calendar subscription.');
  });

  it('uses the catalogue of a language, or of its base language, or else English', () => {
    expect(messagesFor('hi').t('nav.home')).toBe(CATALOGUES.hi!['nav.home']);
    expect(messagesFor('es-MX').language).toBe('es');
    expect(messagesFor('fr').language).toBe('en');
    expect(messagesFor('fr').t('nav.home')).toBe('Home');
  });

  it('reads English for a key a catalogue lacks', () => {
    const partial = catalogueMessages('hi', { 'nav.home': 'मुखपृष्ठ' });
    expect(partial.t('nav.home')).toBe('मुखपृष्ठ');
    expect(partial.t('nav.menu')).toBe('Menu');
    expect(partial.plural('privacy.days', 3)).toBe('3 days');
  });

  it('picks the plural form of the language', () => {
    expect(messagesFor('en').plural('privacy.months', 1)).toBe('1 month');
    expect(messagesFor('en').plural('privacy.months', 12)).toBe('12 months');
    const arabic = messagesFor('ar');
    expect([1, 2, 3, 11, 100].map((count) => arabic.plural('privacy.days', count))).toEqual([
      'يوم واحد',
      'يومان',
      '3 أيام',
      '11 يومًا',
      '100 يوم',
    ]);
    expect(messagesFor('en').plural('why.reasons', 8, { count: 'Eight' })).toBe('Eight reasons');
  });

  it("reads a page's language from its locals, else the site's default language", () => {
    const content = (languages: string[]) => ({ settings: { languages } });
    expect(pageMessages({ content: content(['hi', 'en']) }).language).toBe('hi');
    expect(pageMessages({ language: 'ar', content: content(['hi', 'en']) }).language).toBe('ar');
    expect(pageMessages({ content: content([]) }).language).toBe('en');
  });
});

// The .astro files are not type-checked (tsc reads no .astro): their keys are checked here.
describe('the keys the pages use', () => {
  it('are all in the English catalogue', () => {
    const files = globSync(['site/{layouts,components,pages}/**/*.astro', 'site/*.ts']);
    const unknown = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(t|plural)\('([^']+)'/g)].flatMap(([, call, key]) =>
        (call === 't' ? key! : `${key}_other`) in english ? [] : [`${file}: ${key}`],
      ),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });
});
