import { describe, expect, it } from 'vitest';
import { minutesText, SlidingWindow } from './sliding-window.ts';

describe('SlidingWindow', () => {
  it('lets a key reach its limit, then says how long until the oldest entry leaves the window', () => {
    const window = new SlidingWindow(60_000);
    for (const at of [0, 10_000, 20_000]) {
      expect(window.waitFor('a', 3, at)).toBe(0);
      window.record('a', at);
    }
    expect(window.waitFor('a', 3, 30_000)).toBe(30_000);
    expect(window.waitFor('b', 3, 30_000)).toBe(0);
    expect(window.waitFor('a', 3, 60_001)).toBe(0);
  });

  it('forgets a key on request', () => {
    const window = new SlidingWindow(60_000);
    window.record('a', 0);
    window.forget('a');
    expect(window.waitFor('a', 1, 1)).toBe(0);
  });
});

describe('minutesText', () => {
  it('rounds up to whole minutes', () => {
    expect(minutesText(1)).toBe('1 minute');
    expect(minutesText(60_001)).toBe('2 minutes');
  });
});
