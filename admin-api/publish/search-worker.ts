import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { ChildRequests } from './child-requests.ts';
import type { SearchIndexSummary } from './search-index.ts';
import type { SearchReply, SearchRequest } from './search-process.ts';

/**
 * A lower CPU priority (nice 5): an edit published meanwhile gets the processor first. Not the
 * lowest: on a machine busy with other work (a CI run), the index must still follow within seconds.
 */
const BACKGROUND_PRIORITY = 5;

/**
 * Writes search indexes in a long-lived child process (search-process.ts) at a lower CPU
 * priority, one request at a time (search-indexer.ts asks for one at a time).
 */
export class SearchWorker {
  #requests: ChildRequests<SearchRequest, SearchReply>;

  constructor(uploadsDir: string) {
    this.#requests = new ChildRequests('search process', () => {
      const child = fork(new URL('./search-process.ts', import.meta.url), {
        execArgv: [],
        env: { ...process.env, SCHOOL_UPLOADS_DIR: uploadsDir },
      });
      try {
        if (child.pid) setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // Where priorities cannot be set, the index is written all the same.
      }
      return child;
    });
  }

  /** Indexes the pages in `siteDir` and the content in `contentDir` into `outputPath` (search-process.ts). */
  async write(request: Omit<SearchRequest, 'id'>): Promise<SearchIndexSummary> {
    return (await this.#requests.ask((id) => ({ ...request, id }))).summary;
  }

  close(): Promise<void> {
    return this.#requests.close();
  }
}
