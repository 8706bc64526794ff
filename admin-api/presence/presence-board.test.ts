import { describe, expect, it } from 'vitest';
import { PresenceBoard } from './presence-board.ts';

const T0 = Date.parse('2026-11-25T06:00:00.000Z');
const at = (seconds: number) => T0 + seconds * 1000;
const iso = (seconds: number) => new Date(at(seconds)).toISOString();

describe('PresenceBoard', () => {
  it('answers the others who have the same thing open, never oneself', () => {
    const board = new PresenceBoard();
    expect(board.visit('a', 'asha', 'events/1', at(0))).toEqual([]);
    expect(board.visit('b', 'ravi', 'events/1', at(1))).toEqual([{ username: 'asha', since: iso(0) }]);
    expect(board.visit('a', 'asha', 'events/1', at(2))).toEqual([{ username: 'ravi', since: iso(1) }]);
    expect(board.visit('c', 'tara', 'events/2', at(3))).toEqual([]);
    expect(board.visit('c', 'tara', 'settings', at(3))).toEqual([]);
  });

  it('keeps the time a person opened it while they keep asking', () => {
    const board = new PresenceBoard();
    board.visit('a', 'asha', 'pages/admissions', at(0));
    board.visit('a', 'asha', 'pages/admissions', at(10));
    board.visit('a', 'asha', 'pages/admissions', at(20));
    expect(board.visit('b', 'ravi', 'pages/admissions', at(40))).toEqual([{ username: 'asha', since: iso(0) }]);
  });

  it('names a person once per thing, and on each thing they have open (two tabs)', () => {
    const board = new PresenceBoard();
    board.visit('a', 'asha', 'settings', at(0));
    board.visit('a', 'asha', 'settings', at(1));
    board.visit('a', 'asha', 'pages/admissions', at(2));
    expect(board.visit('b', 'ravi', 'settings', at(3))).toEqual([{ username: 'asha', since: iso(0) }]);
    expect(board.visit('c', 'tara', 'pages/admissions', at(3))).toEqual([{ username: 'asha', since: iso(2) }]);
  });

  it('forgets a thing a person has not asked about for longer than the time to live (a closed tab)', () => {
    const board = new PresenceBoard(25_000);
    board.visit('a', 'asha', 'events/1', at(0));
    board.visit('a', 'asha', 'settings', at(0));
    board.visit('a', 'asha', 'settings', at(20));
    expect(board.visit('b', 'ravi', 'events/1', at(25))).toHaveLength(1);
    expect(board.visit('b', 'ravi', 'events/1', at(25.001))).toEqual([]);
    expect(board.visit('b', 'ravi', 'settings', at(30))).toEqual([{ username: 'asha', since: iso(0) }]);
    // Asking again brings the name back, as newly opened.
    board.visit('a', 'asha', 'events/1', at(31));
    expect(board.visit('b', 'ravi', 'events/1', at(32))).toEqual([{ username: 'asha', since: iso(31) }]);
  });

  it('forgets at once a thing a person closed, and only that one', () => {
    const board = new PresenceBoard();
    board.visit('a', 'asha', 'events/1', at(0));
    board.visit('a', 'asha', 'settings', at(0));
    board.leave('a', 'events/1');
    expect(board.visit('b', 'ravi', 'events/1', at(1))).toEqual([]);
    expect(board.visit('b', 'ravi', 'settings', at(1))).toEqual([{ username: 'asha', since: iso(0) }]);
    // Closing what one never opened changes nothing.
    board.leave('c', 'settings');
    expect(board.visit('b', 'ravi', 'settings', at(2))).toHaveLength(1);
  });

  it('lists every other person with the same target', () => {
    const board = new PresenceBoard();
    board.visit('a', 'asha', 'settings', at(0));
    board.visit('b', 'ravi', 'settings', at(1));
    const names = board.visit('c', 'tara', 'settings', at(2)).map((presence) => presence.username);
    expect(names.sort()).toEqual(['asha', 'ravi']);
  });
});
