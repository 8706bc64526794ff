/**
 * A build's content snapshot: a folder with one JSON file per part of the content
 * (`settings.json`, …), and each list in chunks of consecutive items (`events/<name>.json`, in the
 * order `events.list.json` gives). An edit changes one or two parts, and of a list one chunk or
 * two; the rest are the same objects as in the build before (json-document.ts,
 * public-content.ts), so their files are hard links to that build's, not written again, and the
 * publishing process, which keeps what it parsed for the last build, does not parse them again
 * either. At the limit (20,000 events, news and photos) the content is 24 MB; an event edit writes
 * and parses a chunk of some 250 KB, not the 10 MB of the events.
 */
import { link, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteContent } from '../../site/contract/content.ts';
import { chunksOf, sameItems } from '../store/list-chunks.ts';
import { listBytes } from '../store/part-json.ts';

type Parts = Record<string, unknown>;
type BytesOf = (part: unknown) => Uint8Array;
/** A snapshot's folder, and the content it holds. */
type Snapshot = { dir: string; content: SiteContent };

const LIST_SUFFIX = '.list.json';
const fileOf = (dir: string, key: string) => join(dir, `${key}.json`);
const listFileOf = (dir: string, key: string) => join(dir, `${key}${LIST_SUFFIX}`);
const chunkFileOf = (dir: string, key: string, name: string) => join(dir, key, `${name}.json`);

/** Consecutive items of a list, in one file. */
interface Chunk {
  name: string;
  items: readonly unknown[];
}

/** The chunks each list was written in, by the list: the next snapshot links those it shares with it. */
const written = new WeakMap<readonly unknown[], Chunk[]>();

/**
 * Writes `content` into the folder `dir` (made here), each part's JSON as `bytesOf` makes it.
 * With `previous` (the snapshot of the build before), the parts and chunks that are the same
 * objects there are linked to its files instead.
 */
export async function writeContentSnapshot(
  dir: string,
  content: SiteContent,
  bytesOf: BytesOf,
  previous?: Snapshot,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const writes = Object.entries(content as Parts).map(async ([key, part]) => {
    if (part === undefined) return;
    const before = previous && (previous.content as Parts)[key];
    if (Array.isArray(part))
      return writeList(
        dir,
        key,
        part,
        bytesOf,
        previous && Array.isArray(before) ? { dir: previous.dir, list: before } : undefined,
      );
    if (previous && before === part && (await linked(fileOf(previous.dir, key), fileOf(dir, key)))) return;
    await writeFile(fileOf(dir, key), bytesOf(part));
  });
  await Promise.all(writes);
}

async function writeList(
  dir: string,
  key: string,
  items: readonly unknown[],
  bytesOf: BytesOf,
  previous?: { dir: string; list: readonly unknown[] },
) {
  const before = new Map((previous && written.get(previous.list))?.map((chunk) => [chunk.items[0], chunk]));
  const chunks = chunksOf(items, (item) => bytesOf(item).length).map((run) => {
    const same = before.get(run[0]);
    return same && sameItems(same.items, run)
      ? { chunk: same, kept: true }
      : { chunk: { name: newName(), items: run }, kept: false };
  });
  await mkdir(join(dir, key), { recursive: true });
  await Promise.all(
    chunks.map(async ({ chunk, kept }) => {
      const file = chunkFileOf(dir, key, chunk.name);
      if (kept && previous && (await linked(chunkFileOf(previous.dir, key, chunk.name), file))) return;
      // From its items' bytes: a chunk's own would be kept by the store for as long as the list lives.
      await writeFile(file, listBytes(chunk.items, bytesOf));
    }),
  );
  await writeFile(listFileOf(dir, key), JSON.stringify(chunks.map(({ chunk }) => chunk.name)));
  written.set(
    items,
    chunks.map(({ chunk }) => chunk),
  );
}

let chunkCount = 0;
const newName = () => `${Date.now().toString(36)}-${(chunkCount++).toString(36)}`;

/** Whether `from` could be linked as `to` (not when the build before lacks it). */
const linked = (from: string, to: string) =>
  link(from, to).then(
    () => true,
    () => false,
  );

/**
 * Reads snapshots one after the other, keeping what it parsed of the last one: a file that is
 * the same file as one read for the last snapshot (a hard link of it: same inode, same
 * modification time and size) is that parsed value again, not parsed anew. The values are shared
 * between the snapshots read: treat them as read-only.
 */
export class SnapshotReader {
  #values = new Map<string, unknown>();

  async read(dir: string): Promise<SiteContent> {
    const values = new Map<string, unknown>();
    const value = async (path: string) => {
      const { ino, mtimeNs, size } = await stat(path, { bigint: true });
      const file = `${ino}:${mtimeNs}:${size}`;
      const parsed = this.#values.has(file) ? this.#values.get(file) : JSON.parse(await readFile(path, 'utf8'));
      values.set(file, parsed);
      return parsed;
    };
    const content: Parts = {};
    for (const name of await readdir(dir)) {
      if (name.endsWith(LIST_SUFFIX)) {
        const key = name.slice(0, -LIST_SUFFIX.length);
        const names = JSON.parse(await readFile(join(dir, name), 'utf8')) as string[];
        const chunks = await Promise.all(names.map((chunk) => value(chunkFileOf(dir, key, chunk))));
        content[key] = (chunks as unknown[][]).flat();
      } else if (name.endsWith('.json')) {
        content[name.slice(0, -'.json'.length)] = await value(join(dir, name));
      }
    }
    this.#values = values;
    return content as SiteContent;
  }
}

/** The content in the snapshot folder `dir`, all of it parsed. */
export const readContentSnapshot = (dir: string): Promise<SiteContent> => new SnapshotReader().read(dir);
