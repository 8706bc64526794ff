import { type ChildProcess, fork } from 'node:child_process';
import type { PreviousBuild } from './carry-over.ts';
import type { PublishReply, RendererRequest } from './publish-process.ts';
import type { RenderedPage, RenderedSite } from './render-pages.ts';

export interface SiteRendererOptions {
  /** The project root (where astro.config.mjs is). */
  root: string;
  /** Where the compiled site of the current code lives (or will, once compiled). */
  appDir: string;
  uploadsDir: string;
  /** The site's public address (SITE_URL). */
  siteUrl: string;
}

/**
 * Publishes in a long-lived child process (publish-process.ts), one request at a time, so the
 * compiled site stays loaded between edits. A process that dies is replaced on the next request.
 */
export class SiteRenderer {
  #options: SiteRendererOptions;
  #child: ChildProcess | null = null;
  #nextId = 1;
  #pending = new Map<number, { resolve: (reply: PublishReply) => void; reject: (error: Error) => void }>();

  constructor(options: SiteRendererOptions) {
    this.#options = options;
  }

  /**
   * Renders the site from `contentFile` into `outDir`, carrying over the pages of `previous` the
   * change did not touch; answers its pages' headers and its redirects.
   */
  render(contentFile: string, outDir: string, previous?: PreviousBuild): Promise<RenderedSite> {
    const { appDir, siteUrl } = this.#options;
    return this.#ask({ kind: 'site', id: this.#nextId++, appDir, contentFile, outDir, siteUrl, previous }).then(
      (reply) => (reply as { site: RenderedSite }).site,
    );
  }

  /**
   * Starts the process and loads the compiled site ahead of the first request: a server that
   * serves its last build at start would otherwise make the first edit wait a second or two for it.
   */
  warm(): Promise<void> {
    const { appDir } = this.#options;
    return this.#ask({ kind: 'warm', id: this.#nextId++, appDir }).then(() => undefined);
  }

  /** The page at `path` rendered from `content` (JSON), written nowhere; null when there is none. */
  renderPage(content: string, path: string): Promise<RenderedPage | null> {
    const { appDir, siteUrl } = this.#options;
    return this.#ask({ kind: 'page', id: this.#nextId++, appDir, content, path, siteUrl }).then(
      (reply) => (reply as { page: RenderedPage | null }).page,
    );
  }

  #ask(request: RendererRequest): Promise<PublishReply> {
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
    const child = fork(new URL('./publish-process.ts', import.meta.url), {
      cwd: this.#options.root,
      execArgv: [],
      // Visitors always get the production build, even when the server runs under a test runner
      // (NODE_ENV=test would bundle React's development build).
      env: { ...process.env, NODE_ENV: 'production', SCHOOL_UPLOADS_DIR: this.#options.uploadsDir },
    });
    child.on('message', (reply: PublishReply) => this.#settle(reply));
    // A process that could not start or already stopped cannot be sent to: that publishing fails,
    // the server goes on (an unheard 'error' would end it), and the next request starts another.
    child.on('error', (error) => this.#failAll(child, error));
    child.on('exit', (code, signal) =>
      this.#failAll(child, new Error(`The publishing process stopped (${signal ?? code})`)),
    );
    this.#child = child;
    return child;
  }

  #settle(reply: PublishReply) {
    const waiter = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.ok) waiter?.resolve(reply);
    else waiter?.reject(new Error(reply.error));
  }

  #failAll(child: ChildProcess, error: Error) {
    if (this.#child === child) this.#child = null;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
