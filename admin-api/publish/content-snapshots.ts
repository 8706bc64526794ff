/**
 * A build's content snapshot: one small file, the build's `content.json`, naming for each part of
 * the content (`settings`, …) the file that holds its JSON, and for each list the files of its
 * chunks of consecutive items (list-chunks.ts). The part files are kept in a folder the builds
 * share (`DATA_DIR/site/content-parts`), each written once under a name of its own and never
 * changed. An edit changes one or two parts, and of a list one chunk or two; the rest are the same
 * objects as in the build before (json-document.ts, public-content.ts), so the next snapshot names
 * their files again: nothing is written or linked for them, and the publishing process, which keeps
 * what it parsed for the last build by file name, does not parse them again either. At the limit
 * (20,000 events, news and photos) the content is 24 MB; an event edit writes and parses a chunk of
 * some 256 KB and one small file, where a folder of linked files cost this disk a millisecond a file.
 * The files no kept build names are removed with the builds (removeUnusedParts).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { SiteContent } from '../../site/contract/content.ts';
import { chunksOf, sameItems } from '../store/list-chunks.ts';
import { listBytes } from '../store/part-json.ts';

type Parts = Record<string, unknown>;
type BytesOf = (part: unknown) => Uint8Array;
/**
 * A snapshot's file: each part's file, or a list's chunks' files, by part; named relative to the
 * snapshot file's folder.
 */
type Manifest = Record<string, string | string[]>;

/** Consecutive items of a list, in one file. */
interface Chunk {
  /** The full path of its file. */
  file: string;
  items: readonly unknown[];
}

/** The file each part of a content value was written in (its full path), by the content value and part. */
const partFiles = new WeakMap<SiteContent, Map<string, string>>();
/** The chunks each list was written in, by the list: the next snapshot names those it shares with it. */
const listChunks = new WeakMap<readonly unknown[], Chunk[]>();

/**
 * Writes the snapshot of `content` as the file `file`, each part's JSON as `bytesOf` makes it into
 * a new file of `partsDir`. With `previous` (the content of the build before, whose snapshot is
 * kept), the parts and chunks that are the same objects there are named again instead.
 */
export async function writeContentSnapshot(
  file: string,
  partsDir: string,
  content: SiteContent,
  bytesOf: BytesOf,
  previous?: SiteContent,
): Promise<void> {
  await mkdir(partsDir, { recursive: true });
  const manifest: Manifest = {};
  const writes: Promise<void>[] = [];
  const write = (key: string, bytes: Uint8Array) => {
    const path = join(partsDir, `${key}-${newName()}.json`);
    // `wx`: a part file is never written over; a kept build may name it.
    writes.push(writeFile(path, bytes, { flag: 'wx' }));
    return path;
  };
  const named = (path: string) => relative(dirname(file), path);
  const files = new Map<string, string>();
  const filesBefore = previous && partFiles.get(previous);
  for (const [key, part] of Object.entries(content as Parts)) {
    if (part === undefined) continue;
    const before = previous && (previous as Parts)[key];
    if (Array.isArray(part)) {
      const chunks = listChunksOf(part, Array.isArray(before) ? before : [], bytesOf, (bytes) => write(key, bytes));
      listChunks.set(part, chunks);
      manifest[key] = chunks.map((chunk) => named(chunk.file));
    } else {
      const path = (before === part && filesBefore?.get(key)) || write(key, bytesOf(part));
      files.set(key, path);
      manifest[key] = named(path);
    }
  }
  partFiles.set(content, files);
  await Promise.all(writes);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(manifest));
}

/** The chunks of `items`: those of the list `before` that hold the same items, else written anew. */
function listChunksOf(
  items: readonly unknown[],
  before: readonly unknown[],
  bytesOf: BytesOf,
  write: (bytes: Uint8Array) => string,
): Chunk[] {
  const earlier = new Map(listChunks.get(before)?.map((chunk) => [chunk.items[0], chunk]));
  return chunksOf(items, (item) => bytesOf(item).length).map((run) => {
    const same = earlier.get(run[0]);
    // From its items' bytes: a chunk's own would be kept by the store for as long as the list lives.
    return same && sameItems(same.items, run) ? same : { file: write(listBytes(run, bytesOf)), items: run };
  });
}

let fileCount = 0;
const newName = () => `${Date.now().toString(36)}-${process.pid.toString(36)}-${(fileCount++).toString(36)}`;

/** The part files the snapshot files `files` name, as full paths; a file that is not there names none. */
async function namedParts(files: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (const file of files) {
    const manifest = await readManifest(file).catch(() => ({}) as Manifest);
    for (const entry of Object.values(manifest))
      for (const name of [entry].flat()) named.add(resolve(dirname(file), name));
  }
  return named;
}

/** Removes the files of `partsDir` that none of the snapshot files `kept` names. */
export async function removeUnusedParts(partsDir: string, kept: readonly string[]): Promise<void> {
  const named = await namedParts(kept);
  for (const name of await readdir(partsDir).catch(() => [])) {
    // Full paths on both sides, as the snapshots name them, however DATA_DIR is given.
    const path = resolve(partsDir, name);
    if (!named.has(path)) await rm(path, { force: true });
  }
}

const readManifest = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Manifest;

/**
 * Reads snapshots one after the other, keeping what it parsed of the last one: a part file it read
 * for the last snapshot is that parsed value again, not parsed anew (a part file never changes).
 * The values are shared between the snapshots read: treat them as read-only.
 */
export class SnapshotReader {
  #values = new Map<string, unknown>();

  async read(file: string): Promise<SiteContent> {
    const values = new Map<string, unknown>();
    const value = async (name: string) => {
      const path = resolve(dirname(file), name);
      const parsed = this.#values.has(path) ? this.#values.get(path) : JSON.parse(await readFile(path, 'utf8'));
      values.set(path, parsed);
      return parsed;
    };
    const content: Parts = {};
    for (const [key, entry] of Object.entries(await readManifest(file))) {
      content[key] = Array.isArray(entry) ? (await Promise.all(entry.map(value))).flat() : await value(entry);
    }
    this.#values = values;
    return content as SiteContent;
  }
}

/** The content in the snapshot file `file`, all of it parsed. */
export const readContentSnapshot = (file: string): Promise<SiteContent> => new SnapshotReader().read(file);
