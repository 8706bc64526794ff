/**
 * Renders the public pages of a compiled site into static files. Starting from the home page it
 * follows every internal link, so each page the visitor can reach is written, and the not-found
 * page becomes 404.html. Runs in the publishing process (publish-process.ts).
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '../../site/contract/content.ts';

/** Headers a page must be served with, by file (e.g. its Content-Security-Policy). */
export type PageHeaders = Record<string, Record<string, string>>;

type Render = (request: Request, content: SiteContent) => Promise<Response>;

const ORIGIN = 'http://localhost';
const NOT_FOUND_PROBE = '/__no-such-page__';
/** Answer headers worth keeping with a page. */
const KEPT_HEADERS = ['content-security-policy'];

const renderers = new Map<string, Promise<Render>>();

/** The render function of the compiled site in `appDir`, loaded once. */
function rendererOf(appDir: string): Promise<Render> {
  let renderer = renderers.get(appDir);
  if (!renderer) {
    renderer = import(pathToFileURL(join(appDir, 'server', 'entry.mjs')).href).then((entry) => entry.render);
    renderers.set(appDir, renderer);
  }
  return renderer;
}

/**
 * Writes the site into `outDir`: the compiled client files (scripts, styles, pre-rendered admin
 * pages), then every public page rendered from `contentFile`.
 */
export async function renderSite(appDir: string, contentFile: string, outDir: string): Promise<PageHeaders> {
  const renderWith = await rendererOf(appDir);
  // The snapshot was validated by the content store when it was committed.
  const content = JSON.parse(await readFile(contentFile, 'utf8')) as SiteContent;
  const render = (request: Request) => renderWith(request, content);
  await cp(join(appDir, 'client'), outDir, { recursive: true });

  const headers: PageHeaders = {};
  const queue = ['/'];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const file = path === '/' ? '/index.html' : `${path}/index.html`;
    if (existsSync(join(outDir, file))) continue; // pre-rendered when compiled
    const page = await renderPage(render, path);
    if (!page) continue; // a link to a page that does not exist (the footer has some)
    await writePage(outDir, file, page.html);
    headers[file] = page.headers;
    for (const link of internalLinks(page.html)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  const notFound = await renderPage(render, NOT_FOUND_PROBE, 404);
  if (!notFound) throw new Error('The not-found page could not be rendered');
  await writePage(outDir, '/404.html', notFound.html);
  headers['/404.html'] = notFound.headers;
  return headers;
}

/** The page at `path`, or null when there is none; any other failure stops the publishing. */
async function renderPage(render: (request: Request) => Promise<Response>, path: string, expected = 200) {
  const response = await render(new Request(ORIGIN + path));
  const html = await response.text();
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

/** Same-site page links: not the API, not assets, not files. */
function internalLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/href="(\/[^"#?]*)/g)) {
    const path = match[1]!.replace(/(.)\/$/, '$1');
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path))
      continue;
    links.push(path);
  }
  return links;
}
