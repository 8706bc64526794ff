import { describe, expect, it } from 'vitest';
import { currentNews, isCurrentNews, isUpcoming, splitEvents } from './schedule.ts';

const KOLKATA = 'Asia/Kolkata'; // UTC+5:30
/** An instant given as wall-clock time in Kolkata. */
const kolkata = (local: string) => new Date(`${local}+05:30`);

describe('isUpcoming', () => {
  it('keeps an event without a time upcoming through the whole of its day in the school zone', () => {
    const event = { date: '2026-03-10', time: '' };
    expect(isUpcoming(event, kolkata('2026-03-09T23:59:00'), KOLKATA)).toBe(true);
    expect(isUpcoming(event, kolkata('2026-03-10T23:59:00'), KOLKATA)).toBe(true);
    expect(isUpcoming(event, kolkata('2026-03-11T00:00:00'), KOLKATA)).toBe(false);
  });

  it('decides by the school zone, not UTC, around midnight', () => {
    const event = { date: '2026-03-10', time: '' };
    // 2026-03-10T19:00Z is already 00:30 on the 11th in Kolkata: the day has passed there.
    expect(isUpcoming(event, new Date('2026-03-10T19:00:00Z'), KOLKATA)).toBe(false);
    // 2026-03-09T19:00Z is 00:30 on the 10th in Kolkata: the event day has begun, still upcoming.
    expect(isUpcoming(event, new Date('2026-03-09T19:00:00Z'), KOLKATA)).toBe(true);
  });

  it('makes a timed event past once its time has passed', () => {
    const event = { date: '2026-03-10', time: '09:30' };
    expect(isUpcoming(event, kolkata('2026-03-10T09:29:00'), KOLKATA)).toBe(true);
    expect(isUpcoming(event, kolkata('2026-03-10T09:30:00'), KOLKATA)).toBe(false);
  });
});

describe('splitEvents', () => {
  it('lists upcoming events soonest first and past events newest first', () => {
    const events = [
      { id: 'a', date: '2026-01-05', time: '' },
      { id: 'b', date: '2026-06-01', time: '' },
      { id: 'c', date: '2026-03-01', time: '14:00' },
      { id: 'd', date: '2026-03-01', time: '09:00' },
      { id: 'e', date: '2025-12-24', time: '' },
    ];
    const { upcoming, past } = splitEvents(events, kolkata('2026-02-01T12:00:00'), KOLKATA);
    expect(upcoming.map((e) => e.id)).toEqual(['d', 'c', 'b']);
    expect(past.map((e) => e.id)).toEqual(['a', 'e']);
  });
});

describe('news window', () => {
  const now = kolkata('2026-05-10T08:00:00');
  it('shows news from its publish date through its expiry date', () => {
    expect(isCurrentNews({ publishDate: '2026-05-10', expiryDate: null, priority: 'low' }, now, KOLKATA)).toBe(true);
    expect(isCurrentNews({ publishDate: '2026-05-11', expiryDate: null, priority: 'low' }, now, KOLKATA)).toBe(false);
    expect(isCurrentNews({ publishDate: '2026-05-01', expiryDate: '2026-05-10', priority: 'low' }, now, KOLKATA)).toBe(
      true,
    );
    expect(isCurrentNews({ publishDate: '2026-05-01', expiryDate: '2026-05-09', priority: 'low' }, now, KOLKATA)).toBe(
      false,
    );
  });

  it('publishes at midnight in the school zone', () => {
    const news = { publishDate: '2026-05-11', expiryDate: null, priority: 'low' as const };
    expect(isCurrentNews(news, new Date('2026-05-10T18:29:00Z'), KOLKATA)).toBe(false);
    expect(isCurrentNews(news, new Date('2026-05-10T18:30:00Z'), KOLKATA)).toBe(true);
  });

  it('sorts high priority first, then the newest publish date', () => {
    const news = [
      { id: 'low-new', publishDate: '2026-05-09', expiryDate: null, priority: 'low' as const },
      { id: 'high-old', publishDate: '2026-04-01', expiryDate: null, priority: 'high' as const },
      { id: 'medium', publishDate: '2026-05-01', expiryDate: null, priority: 'medium' as const },
      { id: 'high-new', publishDate: '2026-05-08', expiryDate: null, priority: 'high' as const },
      { id: 'expired', publishDate: '2026-04-01', expiryDate: '2026-04-30', priority: 'high' as const },
    ];
    expect(currentNews(news, now, KOLKATA).map((n) => n.id)).toEqual(['high-new', 'high-old', 'medium', 'low-new']);
  });
});
