/**
 * Renders the public pages of a compiled site into static files. Starting from the home page (and
 * the pages no link leads to, site/entry-paths.ts) it follows every internal link, so each page
 * the visitor can reach is written, and the not-found page becomes 404.html. A page that answers
 * a redirect is recorded with its target, which is rendered in turn. Runs in the publishing
 * process (publish-process.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '../../site/contract/content.ts';
import { entryPaths } from '../../site/entry-paths.ts';
import { BannerSplicer } from './banner-splice.ts';
import { CarryOver, type PageLinks, type PreviousBuild, type Recorded } from './carry-over.ts';
import { contentSnapshot } from './content-snapshots.ts';
import { FileWriter } from './file-writer.ts';
import { linkFiles, linkTree, treeFiles } from './hard-links.ts';
import { writeSiteFiles } from './site-files.ts';

/** Headers a page must be served with, by file (e.g. its Content-Security-Policy). */
export type PageHeaders = Record<string, Record<string, string>>;

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** A path that sends the visitor elsewhere (a moved page): its status and its target. */
export interface Redirect {
  status: RedirectStatus;
  location: string;
}
/** The redirects of a site, by path (`/about`, `/news`…). */
export type Redirects = Record<string, Redirect>;

/** What rendering a site gives besides its files. */
export interface RenderedSite {
  /** The headers of the pages written (those of the pages carried over are the previous build's). */
  headers: PageHeaders;
  redirects: Redirects;
  /** The files written into the build's folder (`/gallery/index.html`…). */
  written: string[];
  /**
   * The files taken unchanged from the previous build, which the server need not look at again.
   * They are not in the build's folder yet: completeSite puts them there once the new pages are
   * served.
   */
  carried: string[];
}

/** Where a build keeps what publishing recorded of its pages besides their files (build-folders.ts). */
export interface RecordFiles {
  publicDir: string;
  headersFile: string;
  redirectsFile: string;
  linksFile: string;
}

type Render = (request: Request, content: SiteContent, siteUrl: string) => Promise<Response>;

const ORIGIN = 'http://localhost';
const NOT_FOUND_PROBE = '/__no-such-page__';
/** The not-found page's file, and the path that names it for carrying it over (site/page-dependencies.ts). */
const NOT_FOUND_FILE = '/404.html';
const NOT_FOUND_PATH = '/404';
/** Answer headers worth keeping with a page. */
const KEPT_HEADERS = ['content-security-policy'];

const renderers = new Map<string, Promise<Render>>();
/** The compiled client files of each compiled site (scripts, styles, pre-rendered admin pages), by URL path. */
const clientFiles = new Map<string, string[]>();
/**
 * The last site this process rendered, by its folder: the next build carries pages over from it,
 * usually. Until completeSite, its carried files are still in the previous build's folder.
 */
let lastRendered: { publicDir: string; site: Recorded<Redirect>; carried: string[]; from?: string } | null = null;

/** The render function of the compiled site in `appDir`, loaded once. */
export function loadRenderer(appDir: string): Promise<Render> {
  let renderer = renderers.get(appDir);
  if (!renderer) {
    renderer = import(pathToFileURL(join(appDir, 'server', 'entry.mjs')).href).then((entry) => entry.render);
    renderers.set(appDir, renderer);
  }
  return renderer;
}

/**
 * Writes the site into `outDir`: the compiled client files (scripts, styles, pre-rendered admin
 * pages), then every public page rendered from `contentFile`, then the feeds and the sitemap of the
 * pages written. With a `previous` build, what the change since it did not touch (its pages, its
 * feeds, the compiled files of the same code) is carried over from it instead (carry-over.ts): not
 * written, only reported. `siteUrl` is the site's public address (SITE_URL).
 */
export async function renderSite(
  appDir: string,
  contentFile: string,
  outDir: string,
  { siteUrl = 'http://localhost', previous }: { siteUrl?: string; previous?: PreviousBuild } = {},
): Promise<RenderedSite> {
  const renderWith = await loadRenderer(appDir);
  // The snapshot was validated by the content store when it was committed.
  const content = contentSnapshot(contentFile);
  const render = (request: Request) => renderWith(request, content, siteUrl);
  const recorded = lastRendered?.publicDir === previous?.publicDir ? lastRendered?.site : undefined;
  const carryOver = previous ? await CarryOver.open<Redirect>(previous, content, recorded) : null;
  const banners = previous && carryOver?.bannerChanged ? new BannerSplicer(content.alerts, previous.publicDir) : null;
  /** The page at `path`: carried over, the previous one with the new banner, or rendered (at `probe`). */
  const pageAt = async (path: string, file: string, probe = path, status = 200) => {
    const carried = carryOver?.page(path, file);
    if (carried && !('newBanner' in carried)) return carried;
    const spliced = carried && banners?.splice(path, file);
    if (spliced) return { html: spliced, headers: carried.headers };
    const rendered = await renderPage(render, probe, status);
    if (rendered && 'html' in rendered) banners?.learn(path, rendered.html);
    return rendered;
  };
  const written: string[] = [];
  mkdirSync(outDir, { recursive: true });
  const files = new FileWriter(outDir);
  const prerendered = new Set(carryOver ? compiledClientFiles(appDir) : linkTree(join(appDir, 'client'), outDir));
  if (carryOver) carryOver.files([...prerendered]);
  else written.push(...prerendered);

  const headers: PageHeaders = {};
  const redirects: Redirects = {};
  const links: PageLinks = {};
  const queue = ['/', ...entryPaths(content)];
  const seen = new Set(queue);
  const follow = (paths: string[]) => {
    for (const path of paths) {
      if (!seen.has(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  };
  while (queue.length > 0) {
    const path = queue.shift()!;
    const file = path === '/' ? '/index.html' : `${path}/index.html`;
    if (prerendered.has(file)) continue; // pre-rendered when compiled
    const page = await pageAt(path, file);
    if (!page) continue; // a link to a page that does not exist
    if ('redirect' in page) {
      redirects[path] = page.redirect;
      follow(sitePaths([page.redirect.location]));
      continue;
    }
    if ('html' in page) written.push(files.write(file, page.html));
    headers[file] = page.headers;
    links[file] = 'html' in page ? internalLinks(page.html) : page.links;
    follow(links[file]);
  }
  const notFound = await pageAt(NOT_FOUND_PATH, NOT_FOUND_FILE, NOT_FOUND_PROBE, 404);
  if (!notFound || 'redirect' in notFound) throw new Error('The not-found page could not be rendered');
  if ('html' in notFound) written.push(files.write(NOT_FOUND_FILE, notFound.html));
  headers[NOT_FOUND_FILE] = notFound.headers;
  // Its links are not followed (a crawler never lands on it), only recorded for carrying it over.
  links[NOT_FOUND_FILE] = [];
  written.push(...(await writeSiteFiles(render, files, siteUrl, Object.keys(headers), carryOver)));
  await files.done();
  const carried = carryOver?.carried ?? [];
  lastRendered = { publicDir: outDir, site: { headers, links, redirects }, carried, from: previous?.publicDir };
  // The server knows the carried pages' headers already: only the written ones' go back to it.
  const writtenHeaders = carryOver
    ? Object.fromEntries(written.filter((file) => headers[file]).map((file) => [file, headers[file]!]))
    : headers;
  return { headers: writtenHeaders, redirects, written, carried };
}

/**
 * Makes the last site this process rendered, into `site.publicDir`, whole: its carried files
 * linked from the previous build, and what was recorded of its pages (headers, links, redirects)
 * written beside it for the next build and for a restart.
 */
export function completeSite(site: RecordFiles) {
  if (lastRendered?.publicDir !== site.publicDir) throw new Error(`${site.publicDir} was not rendered by this process`);
  const { carried, from, site: recorded } = lastRendered;
  if (from) linkFiles(from, site.publicDir, carried);
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

/**
 * One page rendered from `content` alone, written nowhere: the preview of a draft. Null when
 * there is no such page (or it moved).
 */
export async function renderOnePage(
  appDir: string,
  content: SiteContent,
  path: string,
  siteUrl = 'http://localhost',
): Promise<RenderedPage | null> {
  const renderWith = await loadRenderer(appDir);
  const page = await renderPage((request) => renderWith(request, content, siteUrl), path);
  return page && 'html' in page ? page : null;
}

/** A page and the headers it must be served with (its Content-Security-Policy). */
export interface RenderedPage {
  html: string;
  headers: Record<string, string>;
}

type Rendered = { html: string; headers: Record<string, string> } | { redirect: Redirect };

/**
 * The page at `path` or where it redirects, or null when there is none; any other failure stops
 * the publishing.
 */
async function renderPage(
  render: (request: Request) => Promise<Response>,
  path: string,
  expected = 200,
): Promise<Rendered | null> {
  const response = await render(new Request(ORIGIN + path, { redirect: 'manual' }));
  const html = await response.text();
  const status = response.status as RedirectStatus;
  const location = response.headers.get('location');
  if (REDIRECT_STATUSES.includes(status) && location) return { redirect: { status, location } };
  if (response.status === expected) {
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    return { html, headers };
  }
  if (response.status === 404) return null;
  throw new Error(`Rendering ${path} failed (${response.status})`);
}

/** Same-site page links of a page. */
function internalLinks(html: string): string[] {
  return sitePaths(Array.from(html.matchAll(/href="(\/[^"]*)"/g), (match) => match[1]!));
}

/** The pages among same-site addresses: not the API, not assets, not files; no query or fragment. */
function sitePaths(addresses: string[]): string[] {
  const paths: string[] = [];
  for (const address of addresses) {
    if (!address.startsWith('/') || address.startsWith('//')) continue;
    const path = address.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path))
      continue;
    paths.push(path);
  }
  return paths;
}
