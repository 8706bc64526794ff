import { describe, expect, it } from 'vitest';
import { defaultLanguage, isRightToLeft, Languages, LanguageTag, nativeName } from './languages.ts';

describe('language tags', () => {
  it('takes BCP 47 tags of known languages, in their canonical spelling', () => {
    expect(LanguageTag.parse(' EN-gb ')).toBe('en-GB');
    expect(LanguageTag.parse('zh-hant')).toBe('zh-Hant');
    expect(Languages.parse(['hi', 'en', 'so'])).toEqual(['hi', 'en', 'so']);
  });

  it('refuses malformed tags and languages nobody could read', () => {
    for (const tag of ['en_GB', 'english', 'xx', 'qaa', '', 'i-klingon']) {
      expect({ tag, ok: LanguageTag.safeParse(tag).success }).toEqual({ tag, ok: false });
    }
    expect(LanguageTag.safeParse('xx').error?.issues[0]?.message).toBe(
      '"xx" is not a language tag this site knows (a BCP 47 tag such as en, hi, ar or es-MX)',
    );
  });

  it('refuses an empty list, too many languages and one listed twice, even spelled otherwise', () => {
    expect(Languages.safeParse([]).success).toBe(false);
    expect(Languages.safeParse(['en', 'hi', 'ar', 'es', 'fr', 'de', 'it', 'ta', 'te', 'bn', 'ur']).success).toBe(false);
    expect(Languages.safeParse(['en', 'hi', 'HI']).error?.issues[0]?.message).toBe(
      'Each language may be listed once: hi is listed twice',
    );
  });

  it('knows the default, each language’s own name and its direction', () => {
    expect(defaultLanguage({ languages: ['hi', 'en'] })).toBe('hi');
    expect(nativeName('hi')).toBe('हिन्दी');
    expect(nativeName('ar')).toBe('العربية');
    expect(['ar', 'ur', 'fa', 'he'].filter(isRightToLeft)).toEqual(['ar', 'ur', 'fa', 'he']);
    expect(['en', 'hi', 'es', 'zh-Hant'].some(isRightToLeft)).toBe(false);
  });
});
