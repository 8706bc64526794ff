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
 * At most this many search processes. A Pagefind service indexes one language at a time, so a site
 * in three languages is indexed by three side by side (on the large demo, on 2 cores, in 0.64 of
 * the time of one: bench:search); a site of many languages uses no more memory than this many
 * processes, each keeping the content's parsed parts and its Pagefind service.
 */
const MAX_PROCESSES = 4;

export interface SearchWrite {
  siteDir: string;
  contentFile: string;
  /** Every language of the index (indexLanguages). */
  languages: string[];
  outputPath: string;
  partsPath: string;
  previousPartsPath: string | null;
}

/**
 * Writes search indexes in long-lived child processes (search-process.ts) at a lower CPU priority,
 * one index at a time (search-indexer.ts asks for one at a time): the languages of the index are
 * shared among the processes, each writes its languages' parts, and the first one puts them
 * together.
 */
export class SearchWorker {
  #uploadsDir: string;
  #processes: ChildRequests<SearchRequest, SearchReply>[] = [];

  constructor(uploadsDir: string) {
    this.#uploadsDir = uploadsDir;
  }

  /** Indexes the pages in `siteDir` and the content in `contentFile` into `outputPath`. */
  async write({ languages, outputPath, ...request }: SearchWrite): Promise<SearchIndexSummary> {
    const started = Date.now();
    const shares = shared(languages, Math.min(languages.length, MAX_PROCESSES));
    // Settled all before any failure is reported: no process may still write into the parts when
    // the indexer removes them.
    const answers = await Promise.allSettled(
      shares.map((share, index) =>
        this.#process(index).ask((id) => ({ ...request, id, kind: 'parts', languages: share })),
      ),
    );
    const summaries = answers.map((answer) => {
      if (answer.status === 'rejected') throw answer.reason;
      if (!answer.value.summary) throw new Error('The search process answered no summary');
      return answer.value.summary;
    });
    const { partsPath } = request;
    await this.#process(0).ask((id) => ({ id, kind: 'join', languages, partsPath, outputPath }));
    return {
      pages: sum(summaries.map((each) => each.pages)),
      records: sum(summaries.map((each) => each.records)),
      documents: sum(summaries.map((each) => each.documents)),
      durationMs: Date.now() - started,
      indexed: summaries.flatMap((each) => each.indexed ?? []),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.#processes.map((each) => each.close()));
  }

  #process(index: number): ChildRequests<SearchRequest, SearchReply> {
    this.#processes[index] ??= new ChildRequests(`search process ${index + 1}`, () => {
      const child = fork(new URL('./search-process.ts', import.meta.url), {
        execArgv: [],
        env: { ...process.env, SCHOOL_UPLOADS_DIR: this.#uploadsDir },
      });
      try {
        if (child.pid) setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // Where priorities cannot be set, the index is written all the same.
      }
      return child;
    });
    return this.#processes[index];
  }
}

/** `items` dealt out into `count` shares, as even as they go. */
function shared<T>(items: readonly T[], count: number): T[][] {
  const shares: T[][] = Array.from({ length: count }, () => []);
  for (const [index, item] of items.entries()) shares[index % count]?.push(item);
  return shares;
}

const sum = (numbers: number[]) => numbers.reduce((total, each) => total + each, 0);
