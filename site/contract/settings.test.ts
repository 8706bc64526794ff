import { describe, expect, it } from 'vitest';
import { exampleSettings } from './example-settings.ts';
import { formerSlugsAfter, isTimeZone, Settings, SettingsInput, schoolSlug, slugify, withInput } from './settings.ts';
import { inLanguage } from './translations.ts';

describe('school settings', () => {
  it('makes the about slug from the name', () => {
    expect(slugify('Sunridge Valley School')).toBe('sunridge-valley-school');
    expect(slugify("  St. Mary's  Convent & High School ")).toBe('st-mary-s-convent-and-high-school');
    expect(slugify('Vidyā Bhāratī')).toBe('vidya-bharati');
  });

  it('makes the about slug from the default language’s name, in every language', () => {
    const settings = { ...exampleSettings(), translations: { hi: { schoolName: 'सनरिज वैली स्कूल' } } };
    const hindi = inLanguage(settings, 'hi');
    expect(hindi.schoolName).toBe('सनरिज वैली स्कूल');
    expect(schoolSlug(hindi)).toBe(schoolSlug(settings));
    expect(schoolSlug(settings)).toBe(slugify(settings.schoolName));
  });

  it('refuses a name that gives no about address, or the address of another page', () => {
    const problem = (schoolName: string) => SettingsInput.safeParse({ schoolName }).error?.issues[0]?.message;
    expect(problem('Green Hills Academy')).toBeUndefined();
    expect(problem('!!!')).toMatch(/must contain letters or digits/);
    expect(problem('Leadership')).toMatch(/another page/);
    expect(problem('Why Us School')).toMatch(/another page/);
  });

  it('knows time zone names, not offsets or made-up places', () => {
    for (const zone of ['Asia/Kolkata', 'UTC', 'America/Argentina/Buenos_Aires', 'Europe/London']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '+05:30', '', 'Asia/Kolkata; rm -rf', '../etc']) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it('changes only the fields sent, and one social network at a time', () => {
    const settings = exampleSettings();
    const next = withInput(settings, {
      phone: '+91 11 2222 3333',
      social: { linkedin: 'https://www.linkedin.com/school/x' },
    });
    expect(next).toEqual({
      ...settings,
      phone: '+91 11 2222 3333',
      social: { ...settings.social, linkedin: 'https://www.linkedin.com/school/x' },
    });
    expect(Settings.parse(next)).toEqual(next);
  });

  it('remembers the slugs of former names, and forgets one taken back', () => {
    const settings = exampleSettings();
    const renamed = { ...settings, schoolName: 'Green Hills Academy' };
    expect(formerSlugsAfter(settings.schoolName, renamed)).toEqual(['sunridge-valley-school']);
    const back = { ...settings, formerSlugs: ['green-hills-academy', 'sunridge-valley-school'] };
    expect(formerSlugsAfter('Green Hills Academy', back)).toEqual(['green-hills-academy']);
    expect(formerSlugsAfter(settings.schoolName, { ...settings, tagline: 'x' })).toEqual([]);
  });

  it('takes valid settings as they are', () => {
    expect(Settings.parse(exampleSettings())).toEqual(exampleSettings());
  });
});

describe('event categories', () => {
  it('are the five of the default, in their order, for settings written before they existed', () => {
    const { eventCategories: _, ...before } = exampleSettings();
    expect(Settings.parse(before).eventCategories).toEqual([
      'Holidays',
      'Examinations',
      'Sports',
      'Meetings',
      'Celebrations',
    ]);
  });

  it('refuses two categories with the same address, or one without letters or digits', () => {
    const problem = (eventCategories: unknown) =>
      SettingsInput.safeParse({ eventCategories }).error?.issues.map((issue) => issue.message);
    expect(problem(['Sports Day', 'Exams'])).toBeUndefined();
    expect(problem(['Sports Day', 'sports-day'])).toEqual([
      'The event categories "Sports Day" and "sports-day" would share the address /calendars/sports-day.ics: rename one of them',
    ]);
    expect(problem(['Exams', 'Exams'])).toEqual(['The event category "Exams" is listed twice']);
    expect(problem(['!!!'])?.[0]).toMatch(/must contain letters or digits/);
    expect(problem([''])?.[0]).toBe('An event category cannot be empty');
    expect(problem('Exams')?.[0]).toBe('The event categories must be a list');
  });
});
