/**
 * Long lists compared by their items' identity (a change keeps the items it did not touch the same
 * objects: json-document.ts), and cut into chunks of consecutive items, for the store's bytes of a
 * list (part-json.ts) and a build's snapshot of it (publish/content-snapshots.ts). A chunk ends
 * after an item by a draw of its id weighted by its bytes, so that inserting or removing an item
 * changes one chunk, not those after it, and a chunk holds some CHUNK_BYTES of JSON whatever its
 * items hold: a list in three languages, whose items are three times as long, is cut into three
 * times as many chunks, and an edit writes and parses as much of it as of a list in one language.
 * A chunk is cut at LONGEST_CHUNK_BYTES whatever the draws (and a list without ids only there).
 */

/** A list's chunks hold this many bytes of JSON on average (some 500 events of one language). */
export const CHUNK_BYTES = 256 * 1024;
/** No chunk holds more than this: the draws alone leave one chunk in 20 over three times the average. */
export const LONGEST_CHUNK_BYTES = 2 * CHUNK_BYTES;

/** The bytes of an item's JSON. */
export type SizeOf = (item: unknown) => number;

/** The list cut after each item whose id and bytes say so, and wherever a chunk reaches the longest. */
export function chunksOf(items: readonly unknown[], sizeOf: SizeOf): unknown[][] {
  const chunks: unknown[][] = [];
  let chunk: unknown[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    chunk.push(item);
    bytes += size;
    if (endsChunk(item, size) || bytes >= LONGEST_CHUNK_BYTES) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** Whether two chunks hold the same items (by identity), in the same order. */
export const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * The items of `list` that `previous` does not hold: those not at their place are looked for in
 * it, so an edit of a long list costs what it changed, not a set of every item.
 */
export function itemsNotIn(list: readonly unknown[], previous: readonly unknown[]): unknown[] {
  const missing = new Set(list.filter((item, index) => item !== previous[index]));
  if (missing.size > 0) for (const item of previous) missing.delete(item);
  return [...missing];
}

/** Whether a chunk ends after `item`: a chance of its bytes in CHUNK_BYTES, drawn from its id. */
function endsChunk(item: unknown, size: number): boolean {
  const id = (item as { _id?: unknown } | null)?._id;
  return typeof id === 'string' && fnv1a(id) < (size / CHUNK_BYTES) * 2 ** 32;
}

/** FNV-1a, 32 bits: a fast hash of a short string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
