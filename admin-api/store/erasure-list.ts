/**
 * `DATA_DIR/erasures.json`: the people whose data was erased, as salted hashes only
 * (privacy/erasures.ts). The list holds no address or number: only `sha256(salt + key)`, and the
 * salt never leaves the file.
 */
import { randomBytes } from 'node:crypto';
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
