import { describe, expect, it } from 'vitest';
import { Pages } from '../../site/contract/pages.ts';
import { Settings } from '../../site/contract/settings.ts';
import { defaultPages } from './default-pages.ts';
import { defaultSettings } from './default-settings.ts';

describe('a fresh install', () => {
  it("has valid settings with the spec's office hours, 2024-25 calendar and programmes", () => {
    const settings = defaultSettings();
    expect(Settings.parse(settings)).toEqual(settings);
    expect(settings.officeHours).toEqual([
      { days: 'Mon-Fri', hours: '8:00 AM-4:00 PM' },
      { days: 'Sat', hours: '9:00 AM-1:00 PM' },
      { days: 'Sun', hours: 'Closed' },
    ]);
    expect(settings.calendar.year).toBe('2024-25');
    expect(settings.programmes.map((p) => `${p.name} ${p.classes}`)).toEqual([
      'Primary Classes 1-5',
      'Middle Classes 6-8',
      'Secondary Classes 9-10',
      'Higher Secondary Classes 11-12',
    ]);
    expect(settings.programmes[3]!.streams).toEqual(['Science', 'Commerce', 'Arts']);
    expect(settings.reasons).toHaveLength(8);
    expect(settings.timeZone).toBe('Asia/Kolkata');
  });

  it('has every page, valid, with a title and a text', () => {
    expect(Pages.parse(defaultPages())).toEqual(defaultPages());
  });
});
