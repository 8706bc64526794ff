/**
 * The sweep both upload stores run (images, documents): in a folder of files named by their id,
 * remove the uploads nothing refers to once they are old enough, and the files a crash left.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles, savedEarlier, TEMPORARY_PREFIX } from './atomic-files.ts';

export interface SweptFolder {
  dir: string;
  /** Whether a file name is an upload's id (other files are the store's own, or left over). */
  isId(name: string): boolean;
  /** Whether a file that is not an upload is left over from a crash besides half-written ones. */
  isLeftOver?(name: string): Promise<boolean>;
  /** Runs `task` in turn with the saves and removals of the upload `id`. */
  inTurn<T>(id: string, task: () => Promise<T>): Promise<T>;
  /** Removes the upload `id` with every file that belongs to it. */
  removeFiles(id: string): Promise<void>;
}

/**
 * Removes the uploads of `folder` not in `referenced` and saved before `savedBefore`, and
 * half-written or left-over files older than that. Answers the removed ids.
 */
export async function sweepUnreferenced(
  folder: SweptFolder,
  referenced: ReadonlySet<string>,
  savedBefore: Date,
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await listFiles(folder.dir)) {
    const path = join(folder.dir, name);
    if (name.startsWith(TEMPORARY_PREFIX) || (!folder.isId(name) && (await folder.isLeftOver?.(name)))) {
      if (await savedEarlier(path, savedBefore)) await rm(path, { force: true });
    } else if (folder.isId(name) && !referenced.has(name)) {
      const gone = await folder.inTurn(name, async () => {
        // Checked again in turn with uploads: the same file may just have been uploaded anew.
        if (!(await savedEarlier(path, savedBefore))) return false;
        await folder.removeFiles(name);
        return true;
      });
      if (gone) removed.push(name);
    }
  }
  return removed;
}
