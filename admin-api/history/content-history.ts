/**
 * Earlier versions of the site content, under DATA_DIR/history. Each version is a small manifest
 * (versions/NNNNNNNN.json: who, when, summary, and one hash per top-level field of the content);
 * the field values themselves are stored once each by hash (objects/<sha256>.json), so an edit
 * of one news item on a big site writes that list and a manifest, nothing else. Every file is
 * written atomically. Kept: the newest 200 versions, and every version of the last 90 days.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteContent } from '../../site/contract/content.ts';
import type { HistoryEntry } from '../../site/contract/history.ts';
import { exists, listFiles, writeAtomically } from '../store/atomic-files.ts';
import { changedKeys, summarize } from './history-summary.ts';

export const KEEP_VERSIONS = 200;
export const KEEP_DAYS = 90;
/** Edits of the same field by the same account this close together are one version (autosave). */
export const COALESCE_MS = 5 * 60_000;

interface Manifest extends HistoryEntry {
  parts: Record<string, string>;
  /** The changed field, for coalescing; null when several fields changed. */
  field: string | null;
}

export const historyDir = (dataDir: string) => join(dataDir, 'history');

export class ContentHistory {
  #dir: string;
  #manifests: Manifest[];
  #queue: Promise<unknown> = Promise.resolve();
  /** Resolved when someone waits for the history to be settled: what waits for its answer goes ahead. */
  #wanted = Promise.withResolvers<void>();
  #objects = new Map<string, unknown>();
  /** The hash each part of the content was stored under, by the part's identity. */
  #stored = new WeakMap<object, string>();
  #referenced = new Map<(content: SiteContent) => Set<string>, Set<string>>();
  /** What each stored part uses (by its hash), for each way of finding it. */
  #referencedByPart = new Map<(content: SiteContent) => Set<string>, Map<string, Set<string>>>();
  #bytesOf: PartBytes;
  /** The hash of each item of a list, by the item's identity. */
  #itemHashes = new WeakMap<object, string>();

  private constructor(dir: string, manifests: Manifest[], bytesOf: PartBytes) {
    this.#dir = dir;
    this.#manifests = manifests;
    this.#bytesOf = bytesOf;
  }

  /**
   * Opens the history of `dataDir`; starts it with `current` (if given) when there is none yet.
   * `bytesOf` is the JSON of a part as UTF-8: the content store's, which it made for its own file.
   */
  static async open(
    dataDir: string,
    current: SiteContent | null,
    bytesOf: PartBytes = (part) => [Buffer.from(JSON.stringify(part))],
  ): Promise<ContentHistory> {
    const dir = historyDir(dataDir);
    const names = (await listFiles(join(dir, 'versions'))).filter((name) => /^\d+\.json$/.test(name)).sort();
    const manifests: Manifest[] = [];
    for (const name of names) {
      try {
        manifests.push(JSON.parse(await readFile(join(dir, 'versions', name), 'utf8')) as Manifest);
      } catch (error) {
        console.error(`Skipping the damaged history version ${name}:`, error);
      }
    }
    const history = new ContentHistory(dir, manifests, bytesOf);
    if (manifests.length === 0 && current)
      await history.#add(current, 'system', 'The content when history began', null);
    return history;
  }

  /** The versions kept, newest first. */
  list(): HistoryEntry[] {
    return this.#manifests.map(({ version, at, username, summary }) => ({ version, at, username, summary })).reverse();
  }

  get newest(): number {
    return this.#manifests.at(-1)?.version ?? 0;
  }

  /** The content of `version`, or null when it is not kept. */
  async content(version: number): Promise<SiteContent | null> {
    const manifest = this.#manifests.find((m) => m.version === version);
    if (!manifest) return null;
    const content: Record<string, unknown> = {};
    for (const [key, hash] of Object.entries(manifest.parts)) content[key] = structuredClone(await this.#object(hash));
    return content as SiteContent;
  }

  /**
   * Records a committed change, in turn with the others, once `answered` resolves (the answer to
   * the edit has left) or someone waits for the history to be settled: at the limit of 20,000
   * events, naming the list and writing it takes tens of milliseconds, and the disk it writes to
   * is the one the edit's audit entry is appended to before the answer leaves.
   */
  record(next: SiteContent, previous: SiteContent, username: string, summary?: string, answered?: Promise<void>) {
    const wanted = this.#wanted.promise;
    const run = this.#queue
      .then(() => answered && Promise.race([answered, wanted]))
      .then(() => this.#record(next, previous, username, summary));
    this.#queue = run.catch((error) => console.error('Could not keep a version of the content:', error));
    return run;
  }

  /** Resolves once every change recorded so far is on disk (those waiting for their answer are recorded now). */
  async settled(): Promise<void> {
    this.#wanted.resolve();
    this.#wanted = Promise.withResolvers<void>();
    await this.#queue;
  }

  /** Every image or document id a kept version refers to, found with `referenced`. */
  async referencedByKept(referenced: (content: SiteContent) => Set<string>): Promise<Set<string>> {
    // The versions recorded so far must be on the list first: they may be the last to use a file.
    await this.settled();
    const cached = this.#referenced.get(referenced);
    if (cached) return cached;
    const ids = new Set<string>();
    let byPart = this.#referencedByPart.get(referenced);
    if (!byPart) {
      byPart = new Map();
      this.#referencedByPart.set(referenced, byPart);
    }
    for (const manifest of this.#manifests) {
      for (const [key, hash] of Object.entries(manifest.parts)) {
        // Each stored part is read once (not kept in memory) and what it uses remembered by its hash.
        let found = byPart.get(hash);
        if (!found) {
          const value = this.#objects.has(hash) ? this.#objects.get(hash) : await this.#read(hash);
          found = referenced({ [key]: value } as unknown as SiteContent);
          byPart.set(hash, found);
        }
        for (const id of found) ids.add(id);
      }
    }
    this.#referenced.set(referenced, ids);
    return ids;
  }

  /**
   * Whether a file must not be served: the current content does not use it, but a kept version
   * does (so it is kept on disk for a restore). A new upload nothing refers to yet is served.
   */
  async retired(referenced: (content: SiteContent) => Set<string>, current: SiteContent, id: string) {
    return !referenced(current).has(id) && (await this.referencedByKept(referenced)).has(id);
  }

  async #object(hash: string): Promise<unknown> {
    if (!this.#objects.has(hash)) this.#objects.set(hash, await this.#read(hash));
    return this.#objects.get(hash);
  }

  async #read(hash: string): Promise<unknown> {
    return JSON.parse(await readFile(this.#objectPath(hash), 'utf8'));
  }

  async #record(next: SiteContent, previous: SiteContent, username: string, summary?: string) {
    this.#referenced.clear();
    const keys = changedKeys(previous, next);
    if (keys.length === 0 && !summary) return;
    const field = keys.length === 1 ? String(keys[0]) : null;
    const text = summary ?? summarize(previous, next);
    const last = this.#manifests.at(-1);
    const now = Date.now();
    const coalesce =
      !summary &&
      last !== undefined &&
      this.#manifests.length > 1 &&
      last.field !== null &&
      last.field === field &&
      last.username === username &&
      last.summary === text &&
      now - Date.parse(last.at) < COALESCE_MS;
    if (coalesce) {
      const manifest = { ...last, at: new Date(now).toISOString(), parts: await this.#store(next) };
      await writeAtomically(this.#manifestPath(manifest.version), Buffer.from(JSON.stringify(manifest)));
      this.#manifests[this.#manifests.length - 1] = manifest;
    } else {
      await this.#add(next, username, text, field);
    }
    await this.#prune(now);
    this.#referenced.clear();
  }

  async #add(content: SiteContent, username: string, summary: string, field: string | null) {
    const manifest: Manifest = {
      version: this.newest + 1,
      at: new Date().toISOString(),
      username,
      summary,
      field,
      parts: await this.#store(content),
    };
    await writeAtomically(this.#manifestPath(manifest.version), Buffer.from(JSON.stringify(manifest)));
    this.#manifests.push(manifest);
  }

  /** Stores each field's value once; answers the hashes. */
  async #store(content: SiteContent): Promise<Record<string, string>> {
    const parts: Record<string, string> = {};
    for (const [key, value] of Object.entries(content)) {
      // A part an edit did not touch is the same object as before (store/json-document.ts): stored already.
      let hash = isObject(value) ? this.#stored.get(value) : undefined;
      if (hash === undefined) {
        hash = this.#hash(value);
        const path = this.#objectPath(hash);
        if (!(await exists(path))) await writeAtomically(path, this.#bytesOf(value));
        if (isObject(value)) this.#stored.set(value, hash);
      }
      // The committed part itself (read-only, sharing its unchanged items with the next versions)
      // stands for the stored one: finding what the kept versions use need not read it back. A list
      // is kept as a copy of its array: the committed array would keep alive the bytes the store
      // made for it (store/part-json.ts), at the limit a chunk of some 250 KB of events that no
      // later version shares, with each of the 200 versions kept.
      if (!this.#objects.has(hash)) this.#objects.set(hash, Array.isArray(value) ? [...value] : value);
      parts[key] = hash;
    }
    return parts;
  }

  /**
   * A name of a part by its content: of a list, the hash of its items' hashes, so that a change of
   * one item of a long list hashes that item, not the list.
   */
  #hash(value: unknown): string {
    const sha = () => createHash('sha256');
    const digest = (pieces: readonly Buffer[]) =>
      pieces.reduce((hash, piece) => hash.update(piece), sha()).digest('hex');
    if (!Array.isArray(value)) return digest(this.#bytesOf(value));
    const itemHashes = value.map((item) => {
      if (!isObject(item)) return sha().update(JSON.stringify(item)).digest('hex');
      let itemHash = this.#itemHashes.get(item);
      if (itemHash === undefined) {
        itemHash = digest(this.#bytesOf(item));
        this.#itemHashes.set(item, itemHash);
      }
      return itemHash;
    });
    // One update of them all: the same hash as one update each, in a fraction of the time.
    return sha().update('list').update(itemHashes.join('')).digest('hex');
  }

  async #prune(now: number) {
    const oldestKept = now - KEEP_DAYS * 24 * 60 * 60_000;
    const dropCount = this.#manifests.length - KEEP_VERSIONS;
    if (dropCount <= 0) return;
    const dropped = this.#manifests.slice(0, dropCount).filter((m) => Date.parse(m.at) < oldestKept);
    if (dropped.length === 0) return;
    this.#manifests = this.#manifests.slice(dropped.length);
    this.#objects.clear();
    this.#stored = new WeakMap();
    for (const { version } of dropped) await rm(this.#manifestPath(version), { force: true });
    const used = new Set(this.#manifests.flatMap((m) => Object.values(m.parts)));
    for (const byPart of this.#referencedByPart.values()) {
      for (const hash of byPart.keys()) if (!used.has(hash)) byPart.delete(hash);
    }
    for (const name of await listFiles(join(this.#dir, 'objects'))) {
      const hash = name.replace(/\.json$/, '');
      if (name.endsWith('.json') && !used.has(hash)) await rm(join(this.#dir, 'objects', name), { force: true });
    }
  }

  #manifestPath(version: number) {
    return join(this.#dir, 'versions', `${String(version).padStart(8, '0')}.json`);
  }

  #objectPath(hash: string) {
    return join(this.#dir, 'objects', `${hash}.json`);
  }
}

/** A part's JSON as UTF-8, in pieces. */
type PartBytes = (part: unknown) => readonly Buffer[];

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
