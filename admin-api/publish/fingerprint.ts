import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * What the published site depends on besides the content: the site's code, how it is compiled
 * and rendered, and the installed packages. The unit tests beside the code are no part of it, so
 * editing one does not compile the site anew.
 */
const CODE_INPUTS = [
  'site',
  'astro.config.mjs',
  'package-lock.json',
  'admin-api/publish/render-adapter.ts',
  'admin-api/publish/forms-zod.ts',
  'admin-api/publish/render-entry.ts',
  'admin-api/publish/render-pages.ts',
  'admin-api/publish/page-renderer.ts',
  'admin-api/publish/page-links.ts',
  'admin-api/publish/carry-over.ts',
  'admin-api/publish/content-snapshots.ts',
];

/**
 * A hash of the site's code: it names the compiled site, and a site published from the same
 * content and code can be served again after a restart instead of being published anew.
 */
export async function codeFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const input of CODE_INPUTS) {
    for (const file of await listFiles(join(root, input))) {
      hash.update(relative(root, file)).update('\0');
      hash.update(await readFile(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * The name of a build of `content` at `siteUrl` with the code `codeHash`: the same for the same
 * inputs, after a restart too. `bytesOf` makes a part's JSON in pieces (the store's, made once per part or chunk).
 */
export function buildFingerprint(
  codeHash: string,
  siteUrl: string,
  content: object,
  bytesOf: (part: unknown) => readonly Uint8Array[],
): string {
  const hash = createHash('sha256').update(codeHash).update('\0').update(siteUrl);
  for (const [key, part] of Object.entries(content)) {
    if (part === undefined) continue;
    hash.update(`\0${key}\0`);
    for (const piece of bytesOf(part)) hash.update(piece);
  }
  return hash.digest('hex');
}

const TEST_FILE = /\.test\.tsx?$/;

async function listFiles(path: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path, { withFileTypes: true, recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [path];
    if (code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !TEST_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
