import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import type { SearchIndexSummary } from './search-index.ts';
import type { SearchReply, SearchRequest } from './search-process.ts';

/**
 * A lower CPU priority (nice 5): an edit published meanwhile gets the processor first. Not the
 * lowest: on a machine busy with other work (a CI run), the index must still follow within seconds.
 */
const BACKGROUND_PRIORITY = 5;

/**
 * Writes search indexes in a long-lived child process (search-process.ts) at a lower CPU
 * priority, one request at a time (search-indexer.ts asks for one at a time). A process that dies
 * is replaced on the next request.
 */
export class SearchWorker {
  #uploadsDir: string;
  #child: ChildProcess | null = null;
  #nextId = 1;
  #pending = new Map<number, { resolve: (summary: SearchIndexSummary) => void; reject: (error: Error) => void }>();

  constructor(uploadsDir: string) {
    this.#uploadsDir = uploadsDir;
  }

  /** Indexes the pages in `siteDir` and the content in `contentFile` into `outputPath`. */
  write(request: Omit<SearchRequest, 'id'>): Promise<SearchIndexSummary> {
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve, reject });
      this.#ensureChild().send({ ...request, id } satisfies SearchRequest);
    });
  }

  async close(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }

  #ensureChild(): ChildProcess {
    if (this.#child) return this.#child;
    const child = fork(new URL('./search-process.ts', import.meta.url), {
      execArgv: [],
      env: { ...process.env, SCHOOL_UPLOADS_DIR: this.#uploadsDir },
    });
    try {
      if (child.pid) setPriority(child.pid, BACKGROUND_PRIORITY);
    } catch {
      // Where priorities cannot be set, the index is written all the same.
    }
    child.on('message', (reply: SearchReply) => this.#settle(reply));
    child.on('error', (error) => this.#failAll(child, error));
    child.on('exit', (code, signal) =>
      this.#failAll(child, new Error(`The search process stopped (${signal ?? code})`)),
    );
    this.#child = child;
    return child;
  }

  #settle(reply: SearchReply) {
    const waiter = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.ok) waiter?.resolve(reply.summary);
    else waiter?.reject(new Error(reply.error));
  }

  #failAll(child: ChildProcess, error: Error) {
    if (this.#child === child) this.#child = null;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
