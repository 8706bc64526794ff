import { describe, expect, it } from 'vitest';
import { itemState, waitingForReview, wallClock } from './publication-state.ts';

const now = new Date('2026-11-25T06:00:00Z'); // 11:30 in Asia/Kolkata
const zone = 'Asia/Kolkata';

describe('itemState', () => {
  it('names each state as the dashboard shows it', () => {
    expect(itemState({ status: 'draft', publishAt: null }, now, zone)).toEqual({ label: 'Draft', tone: 'draft' });
    expect(itemState({ status: 'review', publishAt: null }, now, zone).label).toBe('Waiting for review');
    expect(itemState({ status: 'published', publishAt: null }, now, zone).label).toBe('Published');
    expect(itemState({ status: 'published', publishAt: '2026-11-25T11:30' }, now, zone).label).toBe('Published');
    expect(itemState({ status: 'published', publishAt: '2026-11-30T08:00' }, now, zone)).toEqual({
      label: `Scheduled for ${wallClock('2026-11-30T08:00')}`,
      tone: 'scheduled',
    });
  });

  it('writes a scheduled time with its weekday, in the school time zone', () => {
    expect(wallClock('2026-11-30T08:00')).toMatch(/^Mon 30 Nov (2026 )?08:00$/);
    expect(wallClock('2031-02-03T16:45')).toBe('Mon 3 Feb 2031 16:45');
  });
});

it('counts what waits for a reviewer across lists', () => {
  const items = (...statuses: ('draft' | 'review' | 'published')[]) => statuses.map((status) => ({ status }));
  expect(waitingForReview(items('review', 'draft'), items('published', 'review', 'review'))).toBe(3);
});
