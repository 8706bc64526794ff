/**
 * Long lists compared by their items' identity (a change keeps the items it did not touch the same
 * objects: json-document.ts), and cut into chunks of consecutive items, for the store's bytes of a
 * list (part-json.ts) and a build's snapshot of it (publish/content-snapshots.ts): after each item
 * whose id hashes to a multiple of CHUNK_ITEMS, so that inserting or removing an item changes one
 * chunk, not those after it. A list without ids is one chunk.
 */

/** A list's chunks end after an item whose id hashes to a multiple of this: some 500 items a chunk. */
export const CHUNK_ITEMS = 512;

/** The list cut after each item whose id says so. */
export function chunksOf(items: readonly unknown[]): unknown[][] {
  const chunks: unknown[][] = [];
  let chunk: unknown[] = [];
  for (const item of items) {
    chunk.push(item);
    if (endsChunk(item)) {
      chunks.push(chunk);
      chunk = [];
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

function endsChunk(item: unknown): boolean {
  const id = (item as { _id?: unknown } | null)?._id;
  return typeof id === 'string' && fnv1a(id) % CHUNK_ITEMS === 0;
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
