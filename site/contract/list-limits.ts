/**
 * How many items each list of the site holds at most: room for decades of a school's news,
 * events and photos, while keeping every document small enough to validate and write quickly.
 */
export const LIST_LIMIT = 20_000;

/** The message for a list that is full, e.g. "The events list is full: it can hold at most 20,000 events." */
export function listFullMessage(list: string, items: string, limit = LIST_LIMIT): string {
  return `The ${list} list is full: it can hold at most ${limit.toLocaleString('en-US')} ${items}.`;
}
