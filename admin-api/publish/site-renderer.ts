import { fork } from 'node:child_process';
import type { PreviousBuild } from './carry-over.ts';
import { ChildRequests } from './child-requests.ts';
import type { RenderedPage } from './page-renderer.ts';
import type { PublishReply, RendererRequest } from './publish-process.ts';
import type { RecordFiles, RenderedSite } from './render-pages.ts';

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
 * The publishing process's heap, in MB. Rendering every page of a site at the limit (20,000
 * events, news and photos) leaves some 80 MB live after each full collection, and a build after an
 * edit about 150 MB with the content it keeps; unbounded, V8 let the heap grow to 400 MB between
 * collections while rendering every page, and the process kept 600 MB resident after it. Bounded,
 * it collects sooner: 430 MB resident, for some 60 ms more a build at the limit (medians of 480
 * and 540 ms from edit to live, side by side).
 */
const HEAP_MB = 384;

/**
 * Publishes in a long-lived child process (publish-process.ts), one request at a time, so the
 * compiled site stays loaded between edits. A process that dies is replaced on the next request.
 */
export class SiteRenderer {
  #options: SiteRendererOptions;
  #requests: ChildRequests<RendererRequest, PublishReply>;

  constructor(options: SiteRendererOptions) {
    this.#options = options;
    this.#requests = new ChildRequests('publishing process', () =>
      fork(new URL('./publish-process.ts', import.meta.url), {
        cwd: options.root,
        execArgv: [`--max-old-space-size=${HEAP_MB}`],
        // Visitors always get the production build, even when the server runs under a test runner
        // (NODE_ENV=test would bundle React's development build).
        env: { ...process.env, NODE_ENV: 'production', SCHOOL_UPLOADS_DIR: options.uploadsDir },
      }),
    );
  }

  /**
   * Renders the site from the content snapshot `contentFile` into `outDir`, carrying over the pages
   * of `previous` the change did not touch; answers its pages' headers and its redirects.
   */
  render(contentFile: string, outDir: string, previous?: PreviousBuild): Promise<RenderedSite> {
    const { appDir, siteUrl } = this.#options;
    return this.#requests
      .ask((id) => ({ kind: 'site', id, appDir, contentFile, outDir, siteUrl, previous }))
      .then((reply) => (reply as { site: RenderedSite }).site);
  }

  /** Renders the pages the build just rendered into `publicDir` left for later (`shifted`), once the others are served. */
  renderShifted(publicDir: string): Promise<RenderedSite> {
    return this.#requests
      .ask((id) => ({ kind: 'shifted', id, publicDir }))
      .then((reply) => (reply as { site: RenderedSite }).site);
  }

  /** Makes the build just rendered into `site.publicDir` whole: its carried files, and its records. */
  complete(site: RecordFiles): Promise<void> {
    return this.#requests.ask((id) => ({ kind: 'complete', id, site })).then(() => undefined);
  }

  /**
   * Starts the process and loads the compiled site ahead of the first request: a server that
   * serves its last build at start would otherwise make the first edit wait a second or two for it.
   */
  warm(): Promise<void> {
    const { appDir } = this.#options;
    return this.#requests.ask((id) => ({ kind: 'warm', id, appDir })).then(() => undefined);
  }

  /** The page at `path` rendered from `content` (JSON), written nowhere; null when there is none. */
  renderPage(content: string, path: string): Promise<RenderedPage | null> {
    const { appDir, siteUrl } = this.#options;
    return this.#requests
      .ask((id) => ({ kind: 'page', id, appDir, content, path, siteUrl }))
      .then((reply) => (reply as { page: RenderedPage | null }).page);
  }

  close(): Promise<void> {
    return this.#requests.close();
  }
}
