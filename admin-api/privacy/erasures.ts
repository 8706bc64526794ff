/**
 * The people whose data was erased, as salted hashes only (`DATA_DIR/erasures.json`,
 * store/erasure-list.ts): a restore of an older backup brings their records back, and the server
 * erases them again when it starts.
 */
import { createHash } from 'node:crypto';
import type { ErasureList } from '../store/erasure-list.ts';

export const hashKey = (salt: string, key: string) => createHash('sha256').update(`${salt}\0${key}`).digest('hex');

/** The number of the next request: `E-0001`, `E-0002`… */
export const nextRequestNumber = (list: ErasureList) => `E-${String(list.requests.length + 1).padStart(4, '0')}`;

/**
 * Whether a record with `keys` (person.ts) made at `at` was erased: by a request made after it. A
 * person who writes again after their erasure gave their details anew; only what a restored backup
 * brings back from before is erased again.
 */
export function erasedMatcher(list: ErasureList): (keys: string[], at: string) => boolean {
  const erasedAt = new Map<string, number>();
  for (const request of list.requests) {
    for (const hash of request.hashes) erasedAt.set(hash, Math.max(erasedAt.get(hash) ?? 0, Date.parse(request.at)));
  }
  return (keys, at) =>
    erasedAt.size > 0 && keys.some((key) => (erasedAt.get(hashKey(list.salt, key)) ?? -1) >= Date.parse(at));
}
