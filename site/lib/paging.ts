/**
 * Long lists cut into numbered pages (`/gallery`, `/gallery/2`…) and grouped by year, so every
 * public page stays small however many items the school has.
 */

/** The items of page `number` (from 1) of `items` cut into pages of `size`; null when there is no such page. */
export function pageOf<T>(items: readonly T[], number: number, size: number): T[] | null {
  if (!Number.isInteger(number) || number < 1 || number > pageCount(items.length, size)) return null;
  return items.slice((number - 1) * size, number * size);
}

/** How many pages `total` items fill; an empty list still has its first page. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page (from 1) the item at `index` is on. */
export function pageNumberOf(index: number, size: number): number {
  return Math.floor(index / size) + 1;
}

/** The address of page `number` of a list whose first page is at `base`. */
export function pagePath(base: string, number: number): string {
  return number === 1 ? base : `${base}/${number}`;
}

/**
 * Reads a page number from the rest of an address (`''` → 1, `'2'` → 2); null for anything else,
 * `'1'` and leading zeros included, so every page has one address.
 */
export function parsePageNumber(rest: string): number | null {
  if (rest === '') return 1;
  if (!/^[1-9]\d*$/.test(rest) || rest === '1') return null;
  return Number(rest);
}

/**
 * The page numbers a numbered navigation shows: the first, the last and those around `current`,
 * with `null` where numbers are left out (1 … 4 5 6 … 20).
 */
export function pageLinks(current: number, count: number, around = 1): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let number = 1; number <= count; number++) {
    const near = Math.abs(number - current) <= around;
    // A gap of one number is shown as the number itself rather than an ellipsis.
    const fillsGap =
      (number === 2 && current - around === 3) || (number === count - 1 && current + around === count - 2);
    if (number === 1 || number === count || near || fillsGap) shown.push(number);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

/** Items grouped by year (`yearOf` answers `YYYY`), newest year first, each keeping its order. */
export function byYear<T>(items: readonly T[], yearOf: (item: T) => string): { year: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const year = yearOf(item);
    const group = groups.get(year);
    if (group) group.push(item);
    else groups.set(year, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([year, grouped]) => ({ year, items: grouped }));
}
