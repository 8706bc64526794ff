/**
 * Files of the uploads folder: written to a temporary name and renamed, so a reader never sees
 * half a file; read, listed and dated without failing on what is not there.
 */
import { randomUUID } from 'node:crypto';
import { access, type FileHandle, link, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { KeyedQueue } from './keyed-queue.ts';

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

/** A replaced file this large is kept for the next write of the same path to go into (writeAtomically). */
const SPARE_FROM_BYTES = 1 << 20;
/** Writes of the same path, one after another. */
const writesOfPath = new KeyedQueue();

/**
 * Writes `data` (one buffer, or pieces) as the file at `path`: into another file first, then
 * renamed over it, so a reader (or a crash) finds the old file or the new one, never half of one.
 * Writes of the same path take turns. A large file it replaces is kept under a temporary name, a
 * spare, and the next write goes into it: on ext4, writing the 24 MB content.json over the spare's
 * blocks takes some 5 ms, where writing a new file and freeing the old one took 10 ms, and up to
 * 120 ms while other files were being written (both wait for the file system's journal). A smaller
 * replaced file is deleted after, without waiting.
 */
export function writeAtomically(path: string, data: Buffer | readonly Buffer[]): Promise<void> {
  return writesOfPath.run(path, () => replaceFile(path, Buffer.isBuffer(data) ? [data] : data));
}

async function replaceFile(path: string, pieces: readonly Buffer[]) {
  const dir = resolve(path, '..');
  await mkdir(dir, { recursive: true });
  const spare = join(dir, `${TEMPORARY_PREFIX}spare-${basename(path)}`);
  let replaced: string | null = null;
  try {
    await writeFrom(spare, pieces);
    replaced = await secondName(path, dir);
    await rename(spare, path);
  } catch (error) {
    await Promise.all([rm(spare, { force: true }), replaced && rm(replaced, { force: true })]);
    throw error;
  }
  // The new file is in place: what becomes of the old one cannot fail the write.
  if (replaced)
    await keepAsSpare(replaced, spare).catch((error: unknown) => console.error('A replaced file stays:', error));
}

/** Writes `pieces` as the whole content of the file at `path`: over a spare's blocks when it is one. */
async function writeFrom(path: string, pieces: readonly Buffer[]) {
  const file = await openSpare(path);
  try {
    await file.writev(pieces as Buffer[], 0);
    await file.truncate(pieces.reduce((size, piece) => size + piece.length, 0));
  } finally {
    await file.close();
  }
}

/** The spare at `path` opened to be written over; a new file when there is none, or it has another name too. */
async function openSpare(path: string): Promise<FileHandle> {
  const spare = await open(path, 'r+').catch(() => null);
  if (spare && (await spare.stat()).nlink === 1) return spare;
  await spare?.close();
  await rm(path, { force: true });
  return open(path, 'w');
}

/** Keeps the replaced file (named `replaced`) as the spare when it is large and has no other name; else deletes it. */
async function keepAsSpare(replaced: string, spare: string) {
  const { nlink, size } = await stat(replaced);
  if (nlink === 1 && size >= SPARE_FROM_BYTES) return rename(replaced, spare);
  rm(replaced, { force: true }).catch((error: unknown) => console.error('A replaced file stays:', error));
}

/**
 * A temporary second name for the file at `path`; null when there is no such file, or the file
 * system has no hard links (the rename then frees the file itself).
 */
async function secondName(path: string, dir: string): Promise<string | null> {
  const name = join(dir, `${TEMPORARY_PREFIX}${randomUUID()}`);
  return link(path, name).then(
    () => name,
    () => null,
  );
}

/** Removes the temporary files a crash left in `dir` (not in its folders). */
export async function removeTemporaries(dir: string): Promise<void> {
  const names = (await listFiles(dir)).filter((name) => name.startsWith(TEMPORARY_PREFIX));
  await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
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
