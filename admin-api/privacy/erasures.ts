/**
 * The people whose data was erased, as salted hashes only (`DATA_DIR/erasures.json`): a restore of
 * an older backup brings their records back, and the server erases them again when it starts. The
 * list holds no address or number: only `sha256(salt + key)`, and the salt never leaves the file.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';

export const ERASURES_FILE = 'erasures.json';

export const ErasureList = z.object({
  salt: z.string().min(16),
  requests: z
    .array(
      z.object({
        /** The request's number, as the audit log and the answer name it: `E-0001`. */
        number: z.string(),
        at: z.iso.datetime(),
        hashes: z.array(z.string()),
      }),
    )
    .default([]),
});
export type ErasureList = z.infer<typeof ErasureList>;

export const newErasureList = (): ErasureList => ({ salt: randomBytes(24).toString('base64url'), requests: [] });

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
