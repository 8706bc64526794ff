import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInZone } from '../contract/dates.ts';
import { zonedInstant, zonedIso } from './zoned-time.ts';

describe('zoned times', () => {
  it('places a wall-clock time in the school time zone', () => {
    expect(zonedInstant('2026-12-01', '10:00', 'Asia/Kolkata').toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(zonedIso('2026-12-01', '10:00', 'Asia/Kolkata')).toBe('2026-12-01T10:00:00+05:30');
    expect(zonedIso('2026-07-01', '09:15', 'Europe/London')).toBe('2026-07-01T09:15:00+01:00');
    expect(zonedIso('2026-01-01', '09:15', 'UTC')).toBe('2026-01-01T09:15:00+00:00');
    expect(zonedIso('2026-01-01', '', 'UTC')).toBe('2026-01-01');
  });
});

describe('dates before standard time', () => {
  it("use the zone's offset then, to the minute (Kolkata kept Madras time, +05:21:10, until 1906)", () => {
    expect(zonedIso('1905-06-01', '10:00', 'Asia/Kolkata')).toBe('1905-06-01T10:00:00+05:21');
    expect(zonedInstant('1905-06-01', '10:00', 'Asia/Kolkata').toISOString()).toBe('1905-06-01T04:39:00.000Z');
  });
});

describe('any time zone the settings accept, any date the content accepts', () => {
  const zones = Intl.supportedValuesOf('timeZone');
  const day = fc
    .date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  it('give an instant on that day or beside it (a clock change may skip the hour), and an ISO text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), day, time, (zone, date, clock) => {
        const instant = zonedInstant(date, clock, zone);
        const shownDay = Date.parse(`${dateInZone(instant, zone)}T00:00:00Z`);
        expect(Math.abs(shownDay - Date.parse(`${date}T00:00:00Z`))).toBeLessThanOrEqual(86_400_000);
        expect(zonedIso(date, clock, zone)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
      }),
      { numRuns: 5000 },
    );
  });
});
