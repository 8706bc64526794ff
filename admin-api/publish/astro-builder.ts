import { Worker } from 'node:worker_threads';
import type { BuildReply, BuildRequest } from './astro-build-worker.ts';

export interface AstroBuilderOptions {
  /** The project root (where astro.config.mjs is). */
  root: string;
  uploadsDir: string;
  /** Astro's cache, private to one data folder. */
  cacheDir: string;
}

/**
 * Runs Astro builds one at a time in a long-lived worker thread, so later builds reuse the
 * loaded compiler and modules. A worker that dies is replaced on the next build.
 */
export class AstroBuilder {
  #options: AstroBuilderOptions;
  #worker: Worker | null = null;
  #nextId = 1;
  #pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  constructor(options: AstroBuilderOptions) {
    this.#options = options;
  }

  /** Builds the site from `contentFile` into `outDir` (which Astro empties first). */
  build(contentFile: string, outDir: string): Promise<void> {
    const request: BuildRequest = { id: this.#nextId++, contentFile, outDir };
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#ensureWorker().postMessage(request);
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./astro-build-worker.ts', import.meta.url), {
      workerData: this.#options,
    });
    worker.on('message', (reply: BuildReply) => this.#settle(reply));
    worker.on('error', (error) => this.#failAll(worker, error));
    worker.on('exit', (code) => this.#failAll(worker, new Error(`The build worker stopped (${code})`)));
    this.#worker = worker;
    return worker;
  }

  #settle(reply: BuildReply) {
    const waiter = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.ok) waiter?.resolve();
    else waiter?.reject(new Error(reply.error));
  }

  #failAll(worker: Worker, error: Error) {
    if (this.#worker === worker) this.#worker = null;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
