import { fork, type ChildProcess } from 'node:child_process';
import type { BuildReply, BuildRequest } from './astro-build-process.ts';

export interface AstroBuilderOptions {
  /** The project root (where astro.config.mjs is). */
  root: string;
  uploadsDir: string;
  /** Astro's cache, private to one data folder. */
  cacheDir: string;
}

/**
 * Runs Astro builds one at a time in a long-lived child process, so later builds reuse the
 * loaded compiler and modules. A process that dies is replaced on the next build.
 */
export class AstroBuilder {
  #options: AstroBuilderOptions;
  #child: ChildProcess | null = null;
  #nextId = 1;
  #pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  constructor(options: AstroBuilderOptions) {
    this.#options = options;
  }

  /** Builds the site from `contentFile` into `outDir`. */
  build(contentFile: string, outDir: string): Promise<void> {
    const request: BuildRequest = { id: this.#nextId++, contentFile, outDir, cacheDir: this.#options.cacheDir };
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#ensureChild().send(request);
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
    const child = fork(new URL('./astro-build-process.ts', import.meta.url), {
      cwd: this.#options.root,
      execArgv: [],
      // Visitors always get the production build, even when the server runs under a test runner
      // (NODE_ENV=test would bundle React's development build).
      env: { ...process.env, NODE_ENV: 'production', SCHOOL_UPLOADS_DIR: this.#options.uploadsDir },
    });
    child.on('message', (reply: BuildReply) => this.#settle(reply));
    child.on('exit', (code, signal) =>
      this.#failAll(child, new Error(`The build process stopped (${signal ?? code})`)),
    );
    this.#child = child;
    return child;
  }

  #settle(reply: BuildReply) {
    const waiter = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.ok) waiter?.resolve();
    else waiter?.reject(new Error(reply.error));
  }

  #failAll(child: ChildProcess, error: Error) {
    if (this.#child === child) this.#child = null;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
