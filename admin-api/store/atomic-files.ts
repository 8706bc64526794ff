/**
 * Files of the uploads folder: written to a temporary name and renamed, so a reader never sees
 * half a file; read, listed and dated without failing on what is not there.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Files still being written start with this; a crash may leave some behind (swept later). */
export const TEMPORARY_PREFIX = '.incoming-';

/** The name an administrator's file had, fit to show: no folders, no control characters. */
export function cleanName(originalName: string): string {
  const name = originalName.split(/[/\\]/).pop() ?? '';
  return name
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255)
    .replace(/[\uD800-\uDBFF]$/, '');
}

/** Writes `data` (one buffer, or pieces written one after the other) under a temporary name, then renames it. */
export async function writeAtomically(path: string, data: Buffer | readonly Buffer[]): Promise<void> {
  const dir = resolve(path, '..');
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `${TEMPORARY_PREFIX}${randomUUID()}`);
  try {
    await writeFile(temporary, Buffer.isBuffer(data) ? data : (data as Iterable<Buffer>));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export async function readIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function listFiles(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

export async function savedEarlier(path: string, before: Date): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  return info !== null && info.mtimeMs < before.getTime();
}
