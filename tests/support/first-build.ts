/**
 * A fresh server's first start, made once per test run: the global set-up (./global-setup.ts)
 * starts one server on an empty data folder, waits until its site is built and its search index
 * made, stops it, and keeps that data folder. A test server then starts from a copy of it, as a
 * server restarted on the same data does: it serves that build at once instead of building and
 * indexing the same default site again. Its own JWT secret is made anew, as on a first start.
 *
 * Only servers given no data folder of their own and whose settings build the same site start so
 * (`startsFromFirstBuild`); the rest start from an empty folder, or their own.
 */
import { cp, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder of the run's first build (./global-setup.ts); empty when there is none. */
    firstBuildDataDir: string;
  }
}

/** Settings that change nothing in the built site or the bucket's, so a server with them may start from the first build. */
const SAME_SITE = new Set(['JWT_SECRET', 'TRUST_PROXY', 'SMTP_URL', 'NOTIFY_EMAIL']);

/** Files of a data folder that each server makes for itself. */
const OWN = new Set(['jwt-secret']);

export function startsFromFirstBuild(env: Record<string, string> = {}): boolean {
  return Object.keys(env).every((name) => SAME_SITE.has(name));
}

/** Fills the empty `dataDir` with a copy of the run's first build; false when there is none. */
export async function copyFirstBuild(dataDir: string): Promise<boolean> {
  // The bench starts servers too, outside Vitest: there is no first build then.
  const from = process.env.VITEST ? inject('firstBuildDataDir') : undefined;
  if (!from) return false;
  const names = (await readdir(from)).filter((name) => !OWN.has(name));
  // As the server makes it: readable by the server's user only.
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await Promise.all(
    names.map((name) => cp(join(from, name), join(dataDir, name), { recursive: true, verbatimSymlinks: true })),
  );
  return true;
}
