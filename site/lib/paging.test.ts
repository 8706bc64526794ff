import { describe, expect, it } from 'vitest';
import { byYear, pageCount, pageLinks, pageNumberOf, pageOf, pagePath, parsePageNumber } from './paging.ts';

const items = Array.from({ length: 50 }, (_, index) => index);

describe('pages of a list', () => {
  it('cuts a list into pages of a size, the last one shorter', () => {
    expect(pageOf(items, 1, 24)).toEqual(items.slice(0, 24));
    expect(pageOf(items, 3, 24)).toEqual([48, 49]);
    expect(pageCount(50, 24)).toBe(3);
    expect(pageCount(48, 24)).toBe(2);
  });

  it('has a first page even when empty, and no page beyond the last', () => {
    expect(pageOf([], 1, 24)).toEqual([]);
    expect(pageCount(0, 24)).toBe(1);
    expect(pageOf(items, 4, 24)).toBeNull();
    expect(pageOf(items, 0, 24)).toBeNull();
  });

  it('finds the page an item is on, and every item is on exactly that page', () => {
    for (const index of items) expect(pageOf(items, pageNumberOf(index, 24), 24)).toContain(index);
    expect(pageNumberOf(23, 24)).toBe(1);
    expect(pageNumberOf(24, 24)).toBe(2);
  });

  it('gives every page one address', () => {
    expect(pagePath('/gallery', 1)).toBe('/gallery');
    expect(pagePath('/gallery', 2)).toBe('/gallery/2');
    expect(parsePageNumber('')).toBe(1);
    expect(parsePageNumber('2')).toBe(2);
    for (const rest of ['1', '02', 'x', '-1', '2/3', '1.5']) expect(parsePageNumber(rest)).toBeNull();
  });
});

describe('numbered navigation', () => {
  it('shows every number when there are few pages', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves out numbers far from the current page, never a single one', () => {
    expect(pageLinks(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageLinks(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageLinks(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageLinks(20, 20)).toEqual([1, null, 19, 20]);
  });
});

describe('groups by year', () => {
  it('puts the newest year first and keeps the order within a year', () => {
    const dated = ['2024-03-01', '2025-01-02', '2024-01-01', '2025-12-31'];
    expect(byYear(dated, (date) => date.slice(0, 4))).toEqual([
      { year: '2025', items: ['2025-01-02', '2025-12-31'] },
      { year: '2024', items: ['2024-03-01', '2024-01-01'] },
    ]);
  });
});
