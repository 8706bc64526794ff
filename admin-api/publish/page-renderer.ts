/**
 * One page of the compiled site rendered from the content: a redirect, a page with the headers it
 * must be served with, or nothing. The publishing process renders every public page through it
 * (render-pages.ts) and the preview of a draft (renderOnePage).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '../../site/contract/content.ts';

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** A path that sends the visitor elsewhere (a moved page): its status and its target. */
export interface Redirect {
  status: RedirectStatus;
  location: string;
}
/** The redirects of a site, by path (`/about`, `/news`…). */
export type Redirects = Record<string, Redirect>;

type Render = (request: Request, content: SiteContent, siteUrl: string) => Promise<Response>;

const ORIGIN = 'http://localhost';
/** Answer headers worth keeping with a page. */
const KEPT_HEADERS = ['content-security-policy'];

const renderers = new Map<string, Promise<Render>>();

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

export type Rendered = { html: string; headers: Record<string, string> } | { redirect: Redirect };

/**
 * The page at `path` or where it redirects, or null when there is none; any other failure stops
 * the publishing.
 */
export async function renderPage(
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
