/**
 * A build takes what it shares with the one before (pages an edit did not touch, the compiled
 * scripts and styles) as hard links: no bytes copied, and the server knows an unchanged file by its
 * inode (static-site.ts). Where the file system refuses links, the file is copied.
 */
import { copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * Puts `source` at `target`, as a hard link where possible, creating the target's folder when it
 * is missing; false when there is no `source`. Synchronous: the publishing process has nothing else
 * to do meanwhile, and a few hundred small files go several times faster than through the thread
 * pool.
 */
function linkOrCopy(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') return linkIntoNewFolder(source, target);
    copyFileSync(source, target);
    return true;
  }
}

/** The link failed for a missing folder or a missing source: which one decides. */
function linkIntoNewFolder(source: string, target: string): boolean {
  try {
    makeFolder(dirname(target));
    linkSync(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    copyFileSync(source, target);
  }
  return true;
}

/** Creates `folder`; a recursive creation only when its parent is missing too (each page has a folder of its own). */
function makeFolder(folder: string) {
  try {
    mkdirSync(folder);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') mkdirSync(folder, { recursive: true });
    else if (code !== 'EEXIST') throw error;
  }
}

/** Every file under `dir`, by URL path (`/admin/index.html`). */
export function treeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
}

/** Puts every file under `sourceDir` at the same place under `targetDir`; answers their URL paths (`/admin/index.html`). */
export function linkTree(sourceDir: string, targetDir: string): string[] {
  const files = treeFiles(sourceDir);
  linkFiles(sourceDir, targetDir, files);
  return files;
}

/** Puts the files `files` (URL paths) of `sourceDir` at the same place under `targetDir`; each must exist. */
export function linkFiles(sourceDir: string, targetDir: string, files: readonly string[]) {
  for (const file of files) {
    if (!linkOrCopy(join(sourceDir, file), join(targetDir, file)))
      throw new Error(`${file} is missing from ${sourceDir}`);
  }
}
