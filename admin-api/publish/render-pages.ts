/**
 * Renders the public pages of a compiled site into static files. Starting from the home page (and
 * the pages no link leads to, site/entry-paths.ts) it follows every internal link, so each page
 * the visitor can reach is written, and the not-found page becomes 404.html. A page that answers
 * a redirect is recorded with its target, which is rendered in turn. Runs in the publishing
 * process (publish-process.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '../../site/contract/content.ts';
import { entryPaths } from '../../site/entry-paths.ts';
import { CarryOver, type PageLinks, type PreviousBuild, type Recorded } from './carry-over.ts';
import { contentSnapshot } from './content-snapshots.ts';
import { linkTree } from './hard-links.ts';
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
  headers: PageHeaders;
  redirects: Redirects;
  /** Each page's same-site page links, for the next build to carry the page over without reading it. */
  links: PageLinks;
  /** The files taken unchanged from the previous build (`/gallery/index.html`…), which the server need not look at again. */
  carried: string[];
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
/** The last site this process rendered, by its folder: the next build carries pages over from it, usually. */
let lastRendered: { publicDir: string; site: Recorded<Redirect> } | null = null;

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
 * pages), then every public page rendered from `contentFile`, except the pages the change since
 * `previous` did not touch, which are carried over from it (carry-over.ts), then the feeds and the
 * sitemap of the pages written. `siteUrl` is the site's public address (SITE_URL).
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
  const prerendered = linkTree(join(appDir, 'client'), outDir);
  const recorded = lastRendered?.publicDir === previous?.publicDir ? lastRendered?.site : undefined;
  const carryOver = previous ? await CarryOver.open<Redirect>(previous, content, recorded) : null;

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
    const carried = carryOver?.page(path, file, outDir);
    const page = carried ?? (await renderPage(render, path));
    if (!page) continue; // a link to a page that does not exist
    if ('redirect' in page) {
      redirects[path] = page.redirect;
      follow(sitePaths([page.redirect.location]));
      continue;
    }
    if ('html' in page) await writePage(outDir, file, page.html);
    headers[file] = page.headers;
    links[file] = 'html' in page ? internalLinks(page.html) : page.links;
    follow(links[file]);
  }
  const notFound =
    carryOver?.page(NOT_FOUND_PATH, NOT_FOUND_FILE, outDir) ?? (await renderPage(render, NOT_FOUND_PROBE, 404));
  if (!notFound || 'redirect' in notFound) throw new Error('The not-found page could not be rendered');
  if ('html' in notFound) await writePage(outDir, NOT_FOUND_FILE, notFound.html);
  headers[NOT_FOUND_FILE] = notFound.headers;
  // Its links are not followed (a crawler never lands on it), only recorded for carrying it over.
  links[NOT_FOUND_FILE] = [];
  await writeSiteFiles(render, outDir, siteUrl, Object.keys(headers), carryOver);
  lastRendered = { publicDir: outDir, site: { headers, links, redirects } };
  return { headers, redirects, links, carried: carryOver?.carried ?? [] };
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

async function writePage(outDir: string, file: string, html: string) {
  const path = join(outDir, file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, html);
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
