/**
 * Keeps the site search's index in step with the served build, in the background: it indexes a
 * build after the build is live, one run at a time, always of the newest build (a build that comes
 * while one is indexed is indexed once after it). A run waits for the builds to pause, as the
 * rebuild scheduler waits for the edits: indexing a large site takes seconds of the processor,
 * which an edit that follows closely should not share. Each index is written into a fresh folder under
 * `DATA_DIR/search` and replaces the served one by renaming a `current` symlink. A failed run is
 * logged and reported in the build status; publishing never waits for it or stops because of it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { SearchStatus } from '../../site/contract/api.ts';
import type { SiteContent } from '../../site/contract/content.ts';
import { SEARCH_INDEX_PATH } from '../../site/contract/search.ts';
import { writeAtomically } from '../store/atomic-files.ts';
import type { BuildFolder } from './build-folders.ts';
import type { SchedulerTiming } from './rebuild-scheduler.ts';
import type { SearchIndexInput, SearchIndexSummary } from './search-index.ts';

const CURRENT = 'current';
/** Beside the indexes: which one is current, the build it was made from, when, and its summary. */
const MADE = 'made.json';

interface Made {
  index: string;
  /** The name of the build's folder: each build has its own. */
  build: string;
  at: string;
  summary: SearchIndexSummary;
}

/** A build to index and the public content it was made from. */
export interface IndexedBuild {
  folder: BuildFolder;
  content: SiteContent;
}

/** Where a run writes: the served index, and each language's part of it, beside those of the run before. */
export type IndexTarget = Required<Pick<SearchIndexInput, 'outputPath' | 'partsPath' | 'previousPartsPath'>>;

/** Writes the index of `build` at `target` (a SearchWorker's, or search-index.ts in this process). */
export type IndexWriter = (build: IndexedBuild, target: IndexTarget) => Promise<SearchIndexSummary>;

/** The folder of the current index under `root` (it holds `pagefind/`), or null when there is none. */
export async function currentSearchIndex(root: string): Promise<string | null> {
  try {
    return join(root, await readlink(join(root, CURRENT)));
  } catch {
    return null;
  }
}

/**
 * A run starts once no build went live for a second, or 4 seconds after the first build waiting
 * while they keep coming: a new item is found within 10 seconds even on a large site (a run there
 * takes 2 to 3 seconds).
 */
export const INDEX_TIMING: SchedulerTiming = { quietMs: 1000, maxWaitMs: 4000 };

/**
 * Beside an index's folder (all of it served), each language's part of it, for the next run to
 * take unchanged (search-language-parts.ts).
 */
const partsOf = (indexDir: string) => `${indexDir}.languages`;

/** Where the server keeps its search indexes. */
export const searchIndexRoot = (dataDir: string) => join(dataDir, 'search');

export class SearchIndexer {
  readonly root: string;
  #writeIndex: IndexWriter;
  #onIndexed: (dir: string | null) => void | Promise<void>;
  #timing: SchedulerTiming;
  #wanted: IndexedBuild | null = null;
  /** When the first and the last build waiting to be indexed went live. */
  #waiting = { first: 0, last: 0 };
  /** Ends the wait for the builds to pause (stop()). */
  #endWait: (() => void) | null = null;
  #stopped = false;
  #running: Promise<void> | null = null;
  #busyWith: BuildFolder | null = null;
  #status: SearchStatus = { state: 'ok', at: null, indexing: false, lastRun: null };

  /**
   * `root`: where the indexes are kept; `onIndexed` is told the folder of each new index (it holds
   * `pagefind/`) once it is current, or null after a run that failed.
   */
  constructor(
    root: string,
    writeIndex: IndexWriter,
    onIndexed: (dir: string | null) => void | Promise<void>,
    timing: SchedulerTiming = INDEX_TIMING,
  ) {
    this.root = root;
    this.#writeIndex = writeIndex;
    this.#onIndexed = onIndexed;
    this.#timing = timing;
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

  /**
   * Indexes `build` once the builds pause (at once when there is no index yet) and the run that
   * goes on (if any) ends; not when the current index was made from it (a restart).
   */
  index(build: IndexedBuild): void {
    if (this.#stopped) return;
    const now = Date.now();
    this.#waiting = { first: this.#wanted ? this.#waiting.first : now, last: now };
    this.#wanted = build;
    this.#running ??= this.#drain();
  }

  /** Resolves when no run goes on or waits. */
  async idle(): Promise<void> {
    for (let running = this.#running; running; running = this.#running) await running;
  }

  /**
   * Indexes nothing more: the build that waits is dropped. A run that goes on ends when its
   * writer does (the server stops the search process); the next start indexes the served build.
   */
  stop(): Promise<void> {
    this.#stopped = true;
    this.#wanted = null;
    this.#endWait?.();
    return this.idle();
  }

  async #drain() {
    while (this.#wanted) {
      // Without an index the site has no search at all: the first one is written at once.
      if (await this.current()) await this.#buildsPause();
      const build = this.#wanted;
      if (!build) break;
      this.#wanted = null;
      // After a restart, the build served may have its index already.
      if (await this.#madeFrom(build)) continue;
      this.#busyWith = build.folder;
      let dir: string | null = null;
      try {
        dir = await this.#write(build);
      } catch (error) {
        if (this.#stopped) break;
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

  /** Resolves once no build went live for `quietMs`, or `maxWaitMs` after the first one waiting. */
  async #buildsPause() {
    const left = () =>
      Math.min(this.#waiting.last + this.#timing.quietMs, this.#waiting.first + this.#timing.maxWaitMs) - Date.now();
    for (let wait = left(); wait > 0 && !this.#stopped; wait = left()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.#endWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.#endWait = null;
  }

  /** Whether the current index was made from `build`; if so, the status says when. */
  async #madeFrom(build: IndexedBuild): Promise<boolean> {
    const [current, made] = await Promise.all([
      this.current(),
      readFile(join(this.root, MADE), 'utf8').then(
        (text) => JSON.parse(text) as Made,
        () => null,
      ),
    ]);
    if (!current || made?.index !== basename(current) || made.build !== basename(build.folder.dir)) return false;
    this.#status = { state: 'ok', at: made.at, indexing: true, lastRun: made.summary };
    return true;
  }

  async #write(build: IndexedBuild): Promise<string> {
    const dir = join(this.root, `index-${Date.now()}-${randomUUID().slice(0, 8)}`);
    const previous = await this.current();
    try {
      await mkdir(dir, { recursive: true });
      const summary = await this.#writeIndex(build, {
        outputPath: join(dir, SEARCH_INDEX_PATH),
        partsPath: partsOf(dir),
        previousPartsPath: previous && partsOf(previous),
      });
      const made: Made = {
        index: basename(dir),
        build: basename(build.folder.dir),
        at: new Date().toISOString(),
        summary,
      };
      // Written first: a crash before the index is current leaves a record that names another one.
      await writeAtomically(join(this.root, MADE), Buffer.from(JSON.stringify(made)));
      const link = join(this.root, `.${CURRENT}-${randomUUID().slice(0, 8)}`);
      await symlink(dir.slice(this.root.length + 1), link);
      await rename(link, join(this.root, CURRENT));
      this.#status = { state: 'ok', at: made.at, indexing: true, lastRun: summary };
      console.log(
        `Search index: ${summary.pages} pages, ${summary.records} records (${summary.documents} PDFs) in ${summary.durationMs} ms${indexedLanguages(summary)}.`,
      );
    } catch (error) {
      await Promise.all([dir, partsOf(dir)].map((each) => rm(each, { recursive: true, force: true })));
      throw error;
    }
    await this.#prune([dir, previous].flatMap((each) => (each ? [each, partsOf(each)] : [])));
    return dir;
  }

  /**
   * Removes every index but those in `keep`: the current one, and the one before it, which the
   * server still serves and a bucket sync begun before may still be reading.
   */
  async #prune(keep: string[]) {
    for (const name of await readdir(this.root).catch(() => [])) {
      if (name === CURRENT || name === MADE || keep.includes(join(this.root, name))) continue;
      await rm(join(this.root, name), { recursive: true, force: true });
    }
  }
}

/** Which languages a run indexed, when it took others unchanged from the run before. */
function indexedLanguages({ indexed = [] }: SearchIndexSummary): string {
  return indexed.length > 0 ? ` (indexed: ${indexed.join(', ')})` : ' (nothing changed)';
}
