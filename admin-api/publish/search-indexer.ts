/**
 * Keeps the site search's index in step with the served build, in the background: it indexes a
 * build after the build is live, one run at a time, always of the newest build (a build that comes
 * while one is indexed is indexed once after it). Each index is written into a fresh folder under
 * `DATA_DIR/search` and replaces the served one by renaming a `current` symlink. A failed run is
 * logged and reported in the build status; publishing never waits for it or stops because of it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { SearchStatus } from '../../site/contract/api.ts';
import type { SiteContent } from '../../site/contract/content.ts';
import { SEARCH_INDEX_PATH } from '../../site/contract/search.ts';
import type { BuildFolder } from './build-folders.ts';
import type { SearchIndexSummary } from './search-index.ts';

const CURRENT = 'current';

/** A build to index and the public content it was made from. */
export interface IndexedBuild {
  folder: BuildFolder;
  content: SiteContent;
}

/** Writes the index of `build` into `outputPath` (a SearchWorker's, or search-index.ts in this process). */
export type IndexWriter = (build: IndexedBuild, outputPath: string) => Promise<SearchIndexSummary>;

/** The folder of the current index under `root` (it holds `pagefind/`), or null when there is none. */
export async function currentSearchIndex(root: string): Promise<string | null> {
  try {
    return join(root, await readlink(join(root, CURRENT)));
  } catch {
    return null;
  }
}

/** Where the server keeps its search indexes. */
export const searchIndexRoot = (dataDir: string) => join(dataDir, 'search');

export class SearchIndexer {
  readonly root: string;
  #writeIndex: IndexWriter;
  #onIndexed: (dir: string | null) => void | Promise<void>;
  #wanted: IndexedBuild | null = null;
  #running: Promise<void> | null = null;
  #busyWith: BuildFolder | null = null;
  #status: SearchStatus = { state: 'ok', at: null, indexing: false, lastRun: null };

  /**
   * `root`: where the indexes are kept; `onIndexed` is told the folder of each new index (it holds
   * `pagefind/`) once it is current, or null after a run that failed.
   */
  constructor(root: string, writeIndex: IndexWriter, onIndexed: (dir: string | null) => void | Promise<void>) {
    this.root = root;
    this.#writeIndex = writeIndex;
    this.#onIndexed = onIndexed;
  }

  get status(): SearchStatus {
    return { ...this.#status, indexing: this.#running !== null };
  }

  /** The build being indexed now, which must not be removed before its index is written. */
  get busyWith(): BuildFolder | null {
    return this.#busyWith;
  }

  /** The folder of the served index (it holds `pagefind/`), or null when there is none yet. */
  current(): Promise<string | null> {
    return currentSearchIndex(this.root);
  }

  /** Indexes `build` as soon as the run that goes on (if any) ends. */
  index(build: IndexedBuild): void {
    this.#wanted = build;
    this.#running ??= this.#drain();
  }

  /** Resolves when no run goes on or waits. */
  async idle(): Promise<void> {
    for (let running = this.#running; running; running = this.#running) await running;
  }

  async #drain() {
    while (this.#wanted) {
      const build = this.#wanted;
      this.#wanted = null;
      this.#busyWith = build.folder;
      let dir: string | null = null;
      try {
        dir = await this.#write(build);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.#status = { ...this.#status, state: 'failed', error: message, at: new Date().toISOString() };
        console.error(`Indexing the site for search failed: ${message}`);
      }
      await Promise.resolve(this.#onIndexed(dir)).catch((error: unknown) =>
        console.error(`Serving the new search index failed: ${String(error)}`),
      );
    }
    this.#busyWith = null;
    this.#running = null;
  }

  async #write(build: IndexedBuild): Promise<string> {
    const dir = join(this.root, `index-${Date.now()}-${randomUUID().slice(0, 8)}`);
    let previous: string | null = null;
    try {
      await mkdir(dir, { recursive: true });
      const summary = await this.#writeIndex(build, join(dir, SEARCH_INDEX_PATH));
      previous = await this.current();
      const link = join(this.root, `.${CURRENT}-${randomUUID().slice(0, 8)}`);
      await symlink(dir.slice(this.root.length + 1), link);
      await rename(link, join(this.root, CURRENT));
      this.#status = { state: 'ok', at: new Date().toISOString(), indexing: true, lastRun: summary };
      console.log(
        `Search index: ${summary.pages} pages, ${summary.records} records (${summary.documents} PDFs) in ${summary.durationMs} ms.`,
      );
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    await this.#prune([dir, previous]);
    return dir;
  }

  /**
   * Removes every index but those in `keep`: the current one, and the one before it, which the
   * server still serves and a bucket sync begun before may still be reading.
   */
  async #prune(keep: (string | null)[]) {
    for (const name of await readdir(this.root).catch(() => [])) {
      if (name === CURRENT || keep.includes(join(this.root, name))) continue;
      await rm(join(this.root, name), { recursive: true, force: true });
    }
  }
}
