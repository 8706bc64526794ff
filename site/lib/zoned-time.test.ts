import { describe, expect, it } from 'vitest';
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
