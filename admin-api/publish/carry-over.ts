/**
 * Pages an edit did not touch, taken from the previous build instead of rendered again: the new
 * build keeps the previous page's file (publishing links it into the new folder once the new pages
 * are served, hard-links.ts), its headers and its redirect, and publishing follows the links the
 * previous build recorded for that page, without reading it. Feeds and other files beside the
 * pages are carried over the same way.
 */
import { readFile } from 'node:fs/promises';
import type { SiteContent } from '../../site/contract/content.ts';
import {
  ALL_PAGES,
  changedPages,
  isTouched,
  type PageChanges,
  type TouchedPages,
} from '../../site/page-dependencies.ts';
import { readContentSnapshot } from './content-snapshots.ts';

/** Headers of the pages by file, as render-pages.ts keeps them. */
type PageHeaders = Record<string, Record<string, string>>;
/** The same-site page links of each page, by file, as render-pages.ts records them. */
export type PageLinks = Record<string, string[]>;

/** The files of the build being served, which the next one may take unchanged pages from. */
export interface PreviousBuild {
  contentFile: string;
  publicDir: string;
  headersFile: string;
  redirectsFile: string;
  linksFile: string;
  /** When its pages were made (ISO): what was upcoming then may have passed since. */
  renderedAt: string;
  /**
   * What the change since it does to the pages, when the server found it (comparing the content it
   * keeps, whose versions share the parts a change did not touch); otherwise the publishing
   * process compares its content snapshot with the new one.
   */
  changes?: PageChanges;
}

/** A page taken over: its file is in place, with its headers and links. `R` is a redirect. */
export type CarriedPage<R> = { links: string[]; headers: Record<string, string> } | { redirect: R };
/** A page only the urgent-notice banner changed in: the previous one, with the new banner put in (banner-splice.ts). */
export type NewBanner = { newBanner: true; links: string[]; headers: Record<string, string> };

/** What publishing recorded of a build's pages besides their files. */
export interface Recorded<R> {
  headers: PageHeaders;
  links: PageLinks;
  redirects: Record<string, R>;
}

async function readRecorded<R>(previous: PreviousBuild): Promise<Recorded<R>> {
  const read = async (file: string) => JSON.parse(await readFile(file, 'utf8'));
  const [headers, links, redirects] = await Promise.all([
    read(previous.headersFile),
    read(previous.linksFile),
    read(previous.redirectsFile),
  ]);
  return { headers, links, redirects };
}

export class CarryOver<R> {
  #touched: TouchedPages;
  /** The touched pages of a list whose items only moved (site/page-dependencies.ts). */
  #shifted: Set<string>;
  /** The pages whose banner changed. */
  #banner: string[];
  #headers: PageHeaders;
  #links: PageLinks;
  #redirects: Record<string, R>;
  /**
   * The files taken over so far, by URL path (`/gallery/index.html`): the same bytes as the
   * previous build's, which the new folder does not have yet.
   */
  readonly carried: string[] = [];

  private constructor(touched: TouchedPages, shifted: string[], banner: string[], recorded: Recorded<R>) {
    this.#touched = touched;
    this.#shifted = new Set(shifted);
    this.#banner = banner;
    this.#headers = recorded.headers;
    this.#links = recorded.links;
    this.#redirects = recorded.redirects;
  }

  /**
   * What can be carried over from `previous` to a build of `content`; null when every page must be
   * rendered. `recorded`: what this process rendered into `previous` (its pages' headers, links and
   * redirects), when it did, so the files need not be read back.
   */
  static async open<R>(
    previous: PreviousBuild,
    content: SiteContent,
    recorded?: Recorded<R>,
  ): Promise<CarryOver<R> | null> {
    try {
      const at = { previousAt: new Date(previous.renderedAt), nextAt: new Date() };
      const { touched, shifted, banner } =
        previous.changes ?? changedPages(await readContentSnapshot(previous.contentFile), content, at);
      if (touched === ALL_PAGES) return null;
      const pages = recorded ?? (await readRecorded<R>(previous));
      return new CarryOver<R>(touched, shifted, banner, pages);
    } catch {
      return null; // an incomplete previous build: render everything
    }
  }

  /** Whether the change touched the urgent-notice banner of some pages. */
  get bannerChanged(): boolean {
    return this.#banner.length > 0;
  }

  /**
   * Takes the previous build's page at `path` (file `file`) when the change did not touch it and
   * the previous build recorded it, or says that only its banner changed; null when it must be
   * rendered.
   */
  page(path: string, file: string): CarriedPage<R> | NewBanner | null {
    if (isTouched(path, this.#touched)) return null;
    const redirect = this.#redirects[path];
    if (redirect) return { redirect };
    const [headers, links] = [this.#headers[file], this.#links[file]];
    if (!headers || !links) return null;
    if (isTouched(path, this.#banner)) return { newBanner: true, links, headers };
    this.carried.push(file);
    return { links, headers };
  }

  /**
   * The previous build's page at `path` (file `file`), to serve until its new one is rendered, when
   * the change only moved its items (a list's later page) and left its banner; null otherwise. It
   * is not carried over: it must be rendered after the pages the change is on are served.
   */
  shifted(path: string, file: string): CarriedPage<R> | null {
    const [headers, links] = [this.#headers[file], this.#links[file]];
    if (!this.#shifted.has(path) || !headers || !links || isTouched(path, this.#banner)) return null;
    return { links, headers };
  }

  /**
   * Takes the previous build's file `file` (served at `path`, one every build has: a feed) when
   * the change did not touch it; false when it must be made anew.
   */
  file(path: string, file: string): boolean {
    if (isTouched(path, this.#touched)) return false;
    this.carried.push(file);
    return true;
  }

  /** Takes files every build of the same code has (its compiled scripts, styles and admin pages). */
  files(files: readonly string[]) {
    this.carried.push(...files);
  }
}
