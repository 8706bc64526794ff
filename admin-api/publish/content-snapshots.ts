/**
 * A build's content snapshot: a folder with one JSON file per part of the content
 * (`events.json`, `settings.json`, …). An edit changes one or two parts; the others are the same
 * objects as in the build before (json-document.ts, public-content.ts), so their files are hard
 * links to that build's, not written again, and the publishing process, which keeps what it
 * parsed for the last build, does not parse them again either. At the limit (20,000 events, news
 * and photos) the content is 24 MB, of which an event edit changes the 10 MB of the events.
 */
import { link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteContent } from '../../site/contract/content.ts';
import { writeNewFile } from '../store/atomic-files.ts';

type Parts = Record<string, unknown>;

const fileOf = (dir: string, key: string) => join(dir, `${key}.json`);

/**
 * Writes `content` into the folder `dir` (made here), one file per part of it as `piecesOf` makes
 * the part's JSON. With `previous` (the snapshot of the build before, and the content it holds),
 * the parts that are the same objects there are linked to its files instead.
 */
export async function writeContentSnapshot(
  dir: string,
  content: SiteContent,
  piecesOf: (part: unknown) => Buffer[],
  previous?: { dir: string; content: SiteContent },
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const writes = Object.entries(content as Parts).map(async ([key, part]) => {
    if (part === undefined) return;
    const file = fileOf(dir, key);
    if (previous && (previous.content as Parts)[key] === part) {
      const linked = await link(fileOf(previous.dir, key), file).then(
        () => true,
        () => false,
      );
      if (linked) return;
    }
    await writeNewFile(file, piecesOf(part));
  });
  await Promise.all(writes);
}

async function partsIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
}

/**
 * Reads snapshots one after the other, keeping the parts of the last one: a part whose file is the
 * same file as one read for the last snapshot (a hard link of it: same inode, same modification
 * time and size) is that parsed value again, not parsed anew. The values are shared between the
 * snapshots read: treat them as read-only.
 */
export class SnapshotReader {
  #parts = new Map<string, { file: string; value: unknown }>();

  async read(dir: string): Promise<SiteContent> {
    const parts = new Map<string, { file: string; value: unknown }>();
    for (const key of await partsIn(dir)) {
      const path = fileOf(dir, key);
      const { ino, mtimeNs, size } = await stat(path, { bigint: true });
      const file = `${ino}:${mtimeNs}:${size}`;
      const kept = this.#parts.get(key);
      const value = kept?.file === file ? kept.value : JSON.parse(await readFile(path, 'utf8'));
      parts.set(key, { file, value });
    }
    this.#parts = parts;
    return Object.fromEntries([...parts].map(([key, { value }]) => [key, value])) as SiteContent;
  }
}

/** The content in the snapshot folder `dir`, all of it parsed. */
export const readContentSnapshot = (dir: string): Promise<SiteContent> => new SnapshotReader().read(dir);
