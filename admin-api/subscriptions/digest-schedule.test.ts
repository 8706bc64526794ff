import { describe, expect, it } from 'vitest';
import { lastDigestDue, weekdayOf } from './digest-schedule.ts';

const settings = { digestTime: '17:00', digestDay: 'friday', timeZone: 'Asia/Kolkata' } as const;

describe('the digests’ times', () => {
  it('names the weekday of a date', () => {
    expect(weekdayOf('2026-11-27')).toBe('friday');
    expect(weekdayOf('2026-11-29')).toBe('sunday');
    expect(weekdayOf('2026-11-30')).toBe('monday');
  });

  it('finds the daily digest due today once its time has come in the school’s zone, else yesterday’s', () => {
    // 17:00 in Kolkata is 11:30 UTC.
    expect(lastDigestDue('daily', new Date('2026-11-25T11:30:00Z'), settings).toISOString()).toBe(
      '2026-11-25T11:30:00.000Z',
    );
    expect(lastDigestDue('daily', new Date('2026-11-25T11:29:59Z'), settings).toISOString()).toBe(
      '2026-11-24T11:30:00.000Z',
    );
  });

  it('finds the weekly digest due on the last digest day at its time', () => {
    // Sunday 29 November: the last Friday at 17:00 was the 27th.
    expect(lastDigestDue('weekly', new Date('2026-11-29T06:00:00Z'), settings).toISOString()).toBe(
      '2026-11-27T11:30:00.000Z',
    );
    // Friday 27 November before five: the Friday before.
    expect(lastDigestDue('weekly', new Date('2026-11-27T10:00:00Z'), settings).toISOString()).toBe(
      '2026-11-20T11:30:00.000Z',
    );
  });

  it('reads the day in the school’s zone, not the server’s', () => {
    // 20:00 UTC on Thursday is 01:30 on Friday in Kolkata: Friday's digest at 01:00 is due.
    const early = { ...settings, digestTime: '01:00' };
    expect(lastDigestDue('weekly', new Date('2026-11-26T20:00:00Z'), early).toISOString()).toBe(
      '2026-11-26T19:30:00.000Z',
    );
  });
});
