import { describe, expect, it } from 'vitest';
import {
  isPublicAt,
  isScheduledAt,
  localDateTime,
  normalizePublishAt,
  ORIGINAL_VERSION,
  publicationInput,
  versionOf,
} from './publication.ts';

const KOLKATA = 'Asia/Kolkata';

describe('normalizePublishAt', () => {
  it('takes the school wall-clock form as it is, without seconds', () => {
    expect(normalizePublishAt('2026-03-02T08:00', KOLKATA)).toBe('2026-03-02T08:00');
    expect(normalizePublishAt('2026-03-02T08:00:59', KOLKATA)).toBe('2026-03-02T08:00');
    expect(normalizePublishAt('2026-03-02T08:00:05.250', KOLKATA)).toBe('2026-03-02T08:00');
    expect(normalizePublishAt(' 2028-02-29T23:59 ', KOLKATA)).toBe('2028-02-29T23:59');
  });

  it('reads a date-time with an offset or Z as that instant, in the school time zone', () => {
    expect(normalizePublishAt('2026-03-02T02:30:00Z', KOLKATA)).toBe('2026-03-02T08:00');
    expect(normalizePublishAt('2026-03-02T02:30Z', KOLKATA)).toBe('2026-03-02T08:00');
    expect(normalizePublishAt('2026-03-02T08:00+05:30', KOLKATA)).toBe('2026-03-02T08:00');
    expect(normalizePublishAt('2026-03-01T22:30:00.000-04:00', KOLKATA)).toBe('2026-03-02T08:00');
    // The same instant is another wall-clock time at another school, summer time included.
    expect(normalizePublishAt('2026-07-01T12:00:00Z', 'Europe/London')).toBe('2026-07-01T13:00');
    expect(normalizePublishAt('2026-01-01T12:00:00Z', 'Europe/London')).toBe('2026-01-01T12:00');
    expect(normalizePublishAt('2026-03-02T02:30:00Z', 'America/New_York')).toBe('2026-03-01T21:30');
  });

  it('refuses what is not a date and time, or names a day or an hour that does not exist', () => {
    for (const value of [
      '',
      'tomorrow at 8',
      '2026-03-02',
      '2026-03-02 08:00',
      '08:00',
      '2026-3-2T8:00',
      '2026-03-02T08:00+0530',
      '2026-03-02T08:00 GMT',
      '2026-02-29T08:00',
      '2026-02-30T08:00',
      '2026-13-01T08:00',
      '2026-03-02T24:00',
      '2026-03-02T23:60',
      // With an offset too: a date that does not exist is not quietly moved to another day.
      '2026-02-30T08:00Z',
      '2026-02-31T08:00+05:30',
      '2026-13-01T08:00Z',
      '2026-03-02T23:60Z',
      '2026-03-02T24:00Z',
    ]) {
      expect({ value, normalized: normalizePublishAt(value, KOLKATA) }).toEqual({ value, normalized: null });
    }
  });

  it('is what a write goes through: normalized, or refused with a message', () => {
    const { publishAt } = publicationInput(KOLKATA);
    expect(publishAt.parse('2026-03-02T02:30:00Z')).toBe('2026-03-02T08:00');
    expect(publishAt.parse(null)).toBeNull();
    expect(publishAt.parse(undefined)).toBeUndefined();
    const refused = publishAt.safeParse('next Monday');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/date and time \(YYYY-MM-DDTHH:MM\)/);
  });
});

describe('localDateTime', () => {
  it('is the school wall-clock time of an instant, to the minute', () => {
    expect(localDateTime(new Date('2026-11-25T06:00:59Z'), KOLKATA)).toBe('2026-11-25T11:30');
    expect(localDateTime(new Date('2026-11-25T20:00:00Z'), KOLKATA)).toBe('2026-11-26T01:30');
  });
});

describe('isPublicAt', () => {
  const now = '2026-11-25T11:30';

  it('shows what is published with no time, or with a time that has come (that very minute included)', () => {
    expect(isPublicAt({ status: 'published', publishAt: null }, now)).toBe(true);
    expect(isPublicAt({ status: 'published', publishAt: '2026-11-25T11:29' }, now)).toBe(true);
    expect(isPublicAt({ status: 'published', publishAt: '2026-11-25T11:30' }, now)).toBe(true);
    expect(isPublicAt({ status: 'published', publishAt: '2025-01-01T00:00' }, now)).toBe(true);
  });

  it('hides what is published for a later time, and every draft or item waiting for review', () => {
    expect(isPublicAt({ status: 'published', publishAt: '2026-11-25T11:31' }, now)).toBe(false);
    expect(isPublicAt({ status: 'published', publishAt: '2027-01-01T00:00' }, now)).toBe(false);
    for (const status of ['draft', 'review'] as const) {
      expect(isPublicAt({ status, publishAt: null }, now)).toBe(false);
      expect(isPublicAt({ status, publishAt: '2025-01-01T00:00' }, now)).toBe(false);
    }
  });

  it('calls scheduled only what is published with a time to come', () => {
    expect(isScheduledAt({ status: 'published', publishAt: '2026-11-25T11:31' }, now)).toBe(true);
    expect(isScheduledAt({ status: 'published', publishAt: '2026-11-25T11:30' }, now)).toBe(false);
    expect(isScheduledAt({ status: 'published', publishAt: null }, now)).toBe(false);
    expect(isScheduledAt({ status: 'draft', publishAt: '2027-01-01T00:00' }, now)).toBe(false);
  });
});

describe('versionOf', () => {
  it('is when the thing was last changed, or "original" for what was never changed', () => {
    expect(versionOf({ updated: { at: '2026-11-25T06:00:00.000Z', by: 'asha' } })).toBe('2026-11-25T06:00:00.000Z');
    expect(versionOf({})).toBe(ORIGINAL_VERSION);
    expect(versionOf(undefined)).toBe(ORIGINAL_VERSION);
  });
});
