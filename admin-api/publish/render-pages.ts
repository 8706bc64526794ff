/**
 * Renders the public pages of a compiled site into static files. Starting from the home page (and
 * the pages no link leads to, site/entry-paths.ts) it follows every internal link, so each page
 * the visitor can reach is written, and the not-found page becomes 404.html. A page that answers
 * a redirect is recorded with its target, which is rendered in turn. Runs in the publishing
 * process (publish-process.ts).
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteContent } from '../../site/contract/content.ts';
import { entryPaths } from '../../site/entry-paths.ts';
import { FEED_PATHS } from '../../site/lib/feeds.ts';
import { pathInLanguage } from '../../site/lib/language-paths.ts';
import { BannerSplicer, type SplicedPage } from './banner-splice.ts';
import { type CarriedPage, CarryOver, type PreviousBuild, type Recorded } from './carry-over.ts';
import { SnapshotReader } from './content-snapshots.ts';
import { FileWriter } from './file-writer.ts';
import { linkFiles, linkTree, treeFiles } from './hard-links.ts';
import { internalLinks, sitePaths } from './page-links.ts';
import { loadRenderer, type Redirect, type Redirects, type Rendered, renderPage } from './page-renderer.ts';
import { writeSiteFiles, writeSitemap } from './site-files.ts';

/** Headers a page must be served with, by file (e.g. its Content-Security-Policy). */
export type PageHeaders = Record<string, Record<string, string>>;

/** What rendering a site gives besides its files. */
export interface RenderedSite {
  /** The headers of the pages written (those of the pages carried over are the previous build's). */
  headers: PageHeaders;
  redirects: Redirects;
  /** The files written into the build's folder (`/gallery/index.html`…). */
  written: string[];
  /**
   * The files taken unchanged from the previous build (or, from renderShifted, the files the server
   * loaded before), which the server need not look at again. They are not in the build's folder
   * yet: completeSite puts them there once the new pages are served.
   */
  carried: string[];
  /**
   * Pages of a list whose items the change only moved were left for renderShifted, the previous
   * build's pages among `carried` standing for them until then.
   */
  shifted: boolean;
  /**
   * The previous pages given a new urgent-notice banner (banner-splice.ts): in one file, not yet
   * each in the folder (completeSite writes them there); null when there are none.
   */
  spliced: SplicedFiles | null;
}

/**
 * Pages in one file (`file`), each at its byte range: a notice for every page of a large site in
 * three languages changes 600 pages, whose files took the disk half a second to create, and the
 * server as long to read back, before a visitor saw the notice. One file is written and read at
 * once.
 */
export interface SplicedFiles {
  file: string;
  /** Each page's `[start, end)` in `file`, by URL path (`/gallery/index.html`). */
  pages: Record<string, [number, number]>;
}

/** Where a build keeps what publishing recorded of its pages besides their files (build-folders.ts). */
export interface RecordFiles {
  publicDir: string;
  headersFile: string;
  redirectsFile: string;
  linksFile: string;
}

const NOT_FOUND_PROBE = '/__no-such-page__';
/** The path that names the not-found page for carrying it over (site/page-dependencies.ts); `.html` is its file. */
const NOT_FOUND_PATH = '/404';
/** The compiled client files of each compiled site (scripts, styles, pre-rendered admin pages), by URL path. */
const clientFiles = new Map<string, string[]>();
/**
 * The last site this process rendered, by its folder: the next build carries pages over from it,
 * usually. Until completeSite, its carried files are still in the previous build's folder.
 */
let lastRendered: SiteRender | null = null;
/** The parts of the last content rendered: those an edit did not change are not parsed again. */
const snapshots = new SnapshotReader();

/**
 * Writes the site into `outDir`: the compiled client files (scripts, styles, pre-rendered admin
 * pages), then every public page rendered from the content snapshot `contentFile`, then the feeds
 * and the sitemap of the pages written. With a `previous` build, what the change since it did not
 * touch (its pages, its feeds, the compiled files of the same code) is carried over from it
 * instead (carry-over.ts): not written, only reported; and the pages of a list whose items the
 * change only moved are left for renderShifted, the previous ones standing for them (`shifted`),
 * so the pages the change is on go live first. `siteUrl` is the site's public address (SITE_URL).
 */
export async function renderSite(
  appDir: string,
  contentFile: string,
  outDir: string,
  { siteUrl = 'http://localhost', previous }: { siteUrl?: string; previous?: PreviousBuild } = {},
): Promise<RenderedSite> {
  const renderWith = await loadRenderer(appDir);
  // The snapshot was validated by the content store when it was committed.
  const content = await snapshots.read(contentFile);
  const render = (request: Request) => renderWith(request, content, siteUrl);
  const recorded = lastRendered?.publicDir === previous?.publicDir ? lastRendered?.site : undefined;
  const carryOver = previous ? await CarryOver.open<Redirect>(previous, content, recorded) : null;
  const { alerts, settings } = content;
  const site = new SiteRender({
    render,
    publicDir: outDir,
    siteUrl,
    carryOver,
    previous,
    alerts,
    languages: settings.languages,
    categories: settings.eventCategories,
  });
  const prerendered = new Set(carryOver ? compiledClientFiles(appDir) : linkTree(join(appDir, 'client'), outDir));
  const answer = await site.render(prerendered, ['/', ...entryPaths(content)]);
  lastRendered = site;
  return answer;
}

/**
 * Renders the pages the last site this process rendered, into `publicDir`, left for later (its
 * `shifted`), and the pages they now link to; answers what it wrote, and the rest of the site as
 * carried (the server has loaded it).
 */
export async function renderShifted(publicDir: string): Promise<RenderedSite> {
  if (lastRendered?.publicDir !== publicDir) throw new Error(`${publicDir} was not rendered by this process`);
  return lastRendered.renderShifted();
}

interface SiteRenderOptions {
  render: (request: Request) => Promise<Response>;
  publicDir: string;
  siteUrl: string;
  carryOver: CarryOver<Redirect> | null;
  previous: PreviousBuild | undefined;
  /** The urgent notices of the content, for their banner. */
  alerts: SiteContent['alerts'];
  /** The site's languages, for the sitemap's alternates and each one's not-found page. */
  languages: readonly string[];
  /** The school's event categories, each with its calendar. */
  categories: readonly string[];
}

/** One site being rendered into `publicDir`, and what publishing records of its pages. */
class SiteRender {
  readonly publicDir: string;
  readonly site: Recorded<Redirect> = { headers: {}, links: {}, redirects: {} };
  /** The previous build's folder, which the carried files are still in until completeSite. */
  readonly from: string | undefined;
  /** Null once no page is left to render: the content it holds is not kept between builds. */
  #render: ((request: Request) => Promise<Response>) | null;
  #siteUrl: string;
  #languages: readonly string[];
  #categories: readonly string[];
  #carryOver: CarryOver<Redirect> | null;
  #banners: BannerSplicer | null;
  #files: FileWriter;
  #prerendered = new Set<string>();
  #written = new Set<string>();
  /** The pages with a new banner, until completeSite writes them into the folder. */
  #spliced = new Map<string, Buffer>();
  #seen = new Set<string>();
  /** The pages left for later, the previous build's standing for them meanwhile. */
  #shifted: string[] = [];

  constructor({ render, publicDir, siteUrl, carryOver, previous, alerts, languages, categories }: SiteRenderOptions) {
    this.#render = render;
    this.#languages = languages;
    this.#categories = categories;
    this.publicDir = publicDir;
    this.#siteUrl = siteUrl;
    this.#carryOver = carryOver;
    this.from = previous?.publicDir;
    this.#banners =
      previous && carryOver?.bannerChanged ? new BannerSplicer(alerts, previous.publicDir, languages) : null;
    mkdirSync(publicDir, { recursive: true });
    this.#files = new FileWriter(publicDir);
  }

  /** The files carried over, which the new folder does not have until completeSite. */
  get carried(): string[] {
    return this.#carryOver?.carried ?? [];
  }

  /** Whether pages were left for renderShifted. */
  get pending(): boolean {
    return this.#shifted.length > 0;
  }

  async render(prerendered: Set<string>, entries: string[]): Promise<RenderedSite> {
    this.#prerendered = prerendered;
    if (this.#carryOver) this.#carryOver.files([...prerendered]);
    else for (const file of prerendered) this.#written.add(file);
    await this.#crawl(entries, { now: false });
    const { headers } = this.site;
    for (const language of this.#languages) await this.#notFound(language);
    const siteFiles = await writeSiteFiles(
      this.#renderer(),
      this.#files,
      this.#siteUrl,
      Object.keys(headers),
      this.#carryOver,
      this.#languages,
      this.#categories,
    );
    for (const file of siteFiles) this.#written.add(file);
    await this.#files.done();
    const written = [...this.#written];
    const standIns = this.#shifted.map(pageFile);
    if (!this.pending) this.#render = null;
    return {
      ...this.#answer(written),
      carried: [...this.carried, ...standIns],
      shifted: this.pending,
      spliced: this.#splicedFiles(),
    };
  }

  /** Writes the pages with a new banner into the folder: once the build is served, they are its files. */
  async writeSpliced(): Promise<void> {
    for (const [file, bytes] of this.#spliced) this.#files.write(file, bytes);
    await this.#files.done();
    this.#spliced.clear();
    await rm(splicedFile(this.publicDir), { force: true });
  }

  /** Puts the pages with a new banner into one file beside the folder, for the server to read at once. */
  #splicedFiles(): SplicedFiles | null {
    if (this.#spliced.size === 0) return null;
    const pages: SplicedFiles['pages'] = {};
    let at = 0;
    for (const [file, bytes] of this.#spliced) {
      pages[file] = [at, at + bytes.length];
      at += bytes.length;
    }
    const file = splicedFile(this.publicDir);
    // Page after page, not concatenated: at the limit in three languages they are hundreds of MB.
    const fd = openSync(file, 'w');
    try {
      for (const bytes of this.#spliced.values()) {
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
      }
    } finally {
      closeSync(fd);
    }
    return { file, pages };
  }

  async renderShifted(): Promise<RenderedSite> {
    const before = new Set(this.#written);
    const shifted = this.#shifted;
    this.#shifted = [];
    await this.#crawl(shifted, { now: true });
    this.#render = null;
    // Pages may have come or gone since the sitemap was written.
    this.#written.add(writeSitemap(this.#files, this.#siteUrl, Object.keys(this.site.headers), this.#languages));
    await this.#files.done();
    const written = [...this.#written].filter((file) => !before.has(file) || file === FEED_PATHS.sitemap);
    const files = new Set([...before, ...this.carried, ...Object.keys(this.site.headers)]);
    const carried = [...files].filter((file) => !written.includes(file));
    return { ...this.#answer(written), carried, shifted: false, spliced: null };
  }

  /** Writes the not-found page of `language`: `/404.html`, `/hi/404.html` (site-listener.ts serves it). */
  async #notFound(language: string) {
    const path = pathInLanguage(NOT_FOUND_PATH, language, this.#languages);
    const file = `${path}.html`;
    const probe = pathInLanguage(NOT_FOUND_PROBE, language, this.#languages);
    const page = await this.#pageAt(path, file, { probe, status: 404 });
    if (!page || 'redirect' in page) throw new Error(`The not-found page ${file} could not be rendered`);
    this.#write(file, page);
    this.site.headers[file] = page.headers;
    // Its links are not followed (a crawler never lands on it), only recorded for carrying it over.
    this.site.links[file] = [];
  }

  #renderer(): (request: Request) => Promise<Response> {
    if (!this.#render) throw new Error(`${this.publicDir} has no page left to render`);
    return this.#render;
  }

  /** The headers of the pages in `written` (the server knows the carried pages' already) and the redirects. */
  #answer(written: string[]): Pick<RenderedSite, 'headers' | 'redirects' | 'written'> {
    const { headers, redirects } = this.site;
    const writtenHeaders = this.#carryOver
      ? Object.fromEntries(written.filter((file) => headers[file]).map((file) => [file, headers[file]!]))
      : headers;
    return { headers: writtenHeaders, redirects, written };
  }

  /**
   * Renders (or carries over) the pages at `paths` and every page they link to that was not seen
   * yet; `now`: none of them is left for later.
   */
  async #crawl(paths: string[], { now }: { now: boolean }) {
    const { headers, links, redirects } = this.site;
    const queue = [...paths];
    for (const path of paths) this.#seen.add(path);
    const follow = (found: string[]) => {
      for (const path of found) {
        if (!this.#seen.has(path)) {
          this.#seen.add(path);
          queue.push(path);
        }
      }
    };
    while (queue.length > 0) {
      const path = queue.shift()!;
      const file = pageFile(path);
      if (this.#prerendered.has(file)) continue; // pre-rendered when compiled
      // A page left for later was recorded as the previous one: it is recorded again, or no more.
      delete headers[file];
      delete links[file];
      const page = await this.#pageAt(path, file, { now });
      if (!page) continue; // a link to a page that does not exist
      if ('redirect' in page) {
        redirects[path] = page.redirect;
        follow(sitePaths([page.redirect.location]));
        continue;
      }
      this.#write(file, page);
      headers[file] = page.headers;
      links[file] = 'html' in page ? internalLinks(page.html) : page.links;
      follow(links[file]);
    }
  }

  /** Writes the page `file` when it is not the previous build's: rendered, or with a new banner. */
  #write(file: string, page: Exclude<PageAt, { redirect: Redirect }>) {
    if ('html' in page) this.#written.add(this.#files.write(file, page.html));
    else if ('spliced' in page) this.#spliced.set(file, page.spliced);
  }

  /**
   * The page at `path`: carried over, left for later (the previous one meanwhile), the previous one
   * with the new banner, or rendered (at `probe`).
   */
  async #pageAt(path: string, file: string, { probe = path, status = 200, now = false } = {}): Promise<PageAt | null> {
    const carried = this.#carryOver?.page(path, file);
    if (carried && !('newBanner' in carried)) return carried;
    const standIn = !carried && !now ? this.#carryOver?.shifted(path, file) : null;
    if (standIn) {
      this.#shifted.push(path);
      return standIn;
    }
    const spliced = carried && this.#banners?.splice(path, file, carried.links);
    if (spliced) return { ...spliced, headers: carried.headers };
    const rendered = await renderPage(this.#renderer(), probe, status);
    if (rendered && 'html' in rendered) this.#banners?.learn(path, rendered.html);
    return rendered;
  }
}

/** A page of the build: the previous build's, the previous one with a new banner, or rendered. */
type PageAt = CarriedPage<Redirect> | (SplicedPage & { headers: Record<string, string> }) | Rendered;

/** Beside a build's folder: its pages with a new banner, until they are written into it. */
const splicedFile = (publicDir: string) => `${publicDir}.spliced`;

const pageFile = (path: string) => (path === '/' ? '/index.html' : `${path}/index.html`);

/**
 * Makes the last site this process rendered, into `site.publicDir`, whole: its carried files
 * linked from the previous build, and what was recorded of its pages (headers, links, redirects)
 * written beside it for the next build and for a restart.
 */
export async function completeSite(site: RecordFiles) {
  if (lastRendered?.publicDir !== site.publicDir) throw new Error(`${site.publicDir} was not rendered by this process`);
  if (lastRendered.pending) throw new Error(`${site.publicDir} has pages left for renderShifted`);
  const { carried, from, site: recorded } = lastRendered;
  if (from) linkFiles(from, site.publicDir, carried);
  await lastRendered.writeSpliced();
  writeFileSync(site.headersFile, JSON.stringify(recorded.headers));
  writeFileSync(site.redirectsFile, JSON.stringify(recorded.redirects));
  writeFileSync(site.linksFile, JSON.stringify(recorded.links));
}

/** The client files of the compiled site in `appDir`, listed once: a compiled site never changes. */
function compiledClientFiles(appDir: string): string[] {
  let files = clientFiles.get(appDir);
  if (!files) {
    files = treeFiles(join(appDir, 'client'));
    clientFiles.set(appDir, files);
  }
  return files;
}
