/**
 * Pages an edit did not touch, taken from the previous build instead of rendered again: the new
 * build folder gets a hard link to the previous page's file (a copy where links are refused), its
 * headers and its redirect, and publishing still follows the links of that page.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SiteContent } from '../../site/contract/content.ts';
import { dateInZone } from '../../site/contract/dates.ts';
import { ALL_PAGES, isTouched, type TouchedPages, touchedPages } from '../../site/page-dependencies.ts';

/** Headers of the pages by file, as render-pages.ts keeps them. */
type PageHeaders = Record<string, Record<string, string>>;

/** The files of the build being served, which the next one may take unchanged pages from. */
export interface PreviousBuild {
  contentFile: string;
  publicDir: string;
  headersFile: string;
  redirectsFile: string;
}

/** A page taken over: its file is in place, its HTML is there to follow its links. `R` is a redirect. */
export type CarriedPage<R> = { html: string; headers: Record<string, string> } | { redirect: R };

export class CarryOver<R> {
  #previous: PreviousBuild;
  #touched: TouchedPages;
  #headers: PageHeaders;
  #redirects: Record<string, R>;

  private constructor(
    previous: PreviousBuild,
    touched: TouchedPages,
    headers: PageHeaders,
    redirects: Record<string, R>,
  ) {
    this.#previous = previous;
    this.#touched = touched;
    this.#headers = headers;
    this.#redirects = redirects;
  }

  /** What can be carried over from `previous` to a build of `content`; null when every page must be rendered. */
  static async open<R>(previous: PreviousBuild, content: SiteContent): Promise<CarryOver<R> | null> {
    try {
      const before = JSON.parse(await readFile(previous.contentFile, 'utf8')) as SiteContent;
      const touched = touchedPages(before, content, dateInZone(new Date(), content.settings.timeZone));
      if (touched === ALL_PAGES) return null;
      const headers = JSON.parse(await readFile(previous.headersFile, 'utf8')) as PageHeaders;
      const redirects = JSON.parse(await readFile(previous.redirectsFile, 'utf8')) as Record<string, R>;
      return new CarryOver<R>(previous, touched, headers, redirects);
    } catch {
      return null; // an incomplete previous build: render everything
    }
  }

  /**
   * Puts the previous build's page at `path` (file `file`) into `outDir` when the change did not
   * touch it; null when it must be rendered.
   */
  page(path: string, file: string, outDir: string): CarriedPage<R> | null {
    if (isTouched(path, this.#touched)) return null;
    const redirect = this.#redirects[path];
    if (redirect) return { redirect };
    const headers = this.#headers[file];
    if (!headers) return null;
    const source = join(this.#previous.publicDir, file);
    const target = join(outDir, file);
    // Synchronous: the publishing process has nothing else to do meanwhile, and a few hundred
    // small files go several times faster than through the thread pool.
    let html: string;
    try {
      html = readFileSync(source, 'utf8');
    } catch {
      return null;
    }
    mkdirSync(dirname(target), { recursive: true });
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
    return { html, headers };
  }
}
