import { describe, expect, it } from 'vitest';
import { exampleSettings } from '../contract/example-settings.ts';
import { changedSettings, settingsBody, settingsDraftOf, settingsProblem } from './settings-draft.ts';

describe('the settings form', () => {
  it('types streams as one line and sends them as a list, without the former slugs', () => {
    const settings = { ...exampleSettings(), formerSlugs: ['old-name'] };
    const draft = settingsDraftOf(settings);
    expect(draft.programmes[1]!.streams).toBe('Science, Arts');
    expect(draft).not.toHaveProperty('formerSlugs');
    const { formerSlugs: _, ...editable } = settings;
    expect(settingsBody(draft)).toEqual(editable);
    expect(
      settingsBody({ ...draft, programmes: [{ ...draft.programmes[0]!, streams: ' A,, B ,' }] }).programmes,
    ).toEqual([{ ...settings.programmes[0], streams: ['A', 'B'] }]);
  });

  it('types the streams of a translation’s programmes as one line too', () => {
    const settings = exampleSettings();
    const hindi = { programmes: [{ ...settings.programmes[1]!, name: 'वरिष्ठ माध्यमिक', streams: ['विज्ञान', 'कला'] }] };
    const draft = settingsDraftOf({ ...settings, translations: { hi: hindi } });
    expect(draft.translations?.hi?.programmes?.[0]?.streams).toBe('विज्ञान, कला');
    expect(settingsBody(draft).translations).toEqual({ hi: hindi });
  });

  it("says what the server would refuse, in the server's words", () => {
    const draft = settingsDraftOf(exampleSettings());
    expect(settingsProblem(draft)).toBeNull();
    expect(settingsProblem({ ...draft, schoolName: ' ' })).toBe('The school name is required');
    expect(settingsProblem({ ...draft, timeZone: 'Mars/Olympus' })).toBe(
      'The time zone must be a time zone name such as Asia/Kolkata',
    );
    expect(settingsProblem({ ...draft, officeHours: [{ days: 'Mon', hours: '' }] })).toBe(
      'Every office hours row needs its hours',
    );
  });
});

it('sends only the fields changed since the form was opened', () => {
  const base = settingsDraftOf(exampleSettings());
  const draft = { ...base, phone: '+91 80 1111 2222', officeHours: [{ days: 'Mon', hours: '9-5' }] };
  expect(changedSettings(draft, base)).toEqual({
    phone: '+91 80 1111 2222',
    officeHours: [{ days: 'Mon', hours: '9-5' }],
  });
  expect(changedSettings(base, base)).toEqual({});
});
