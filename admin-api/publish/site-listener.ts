import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { acceptedEncodings } from '../http/accept-encoding.ts';
import { PAGE_SECURITY_HEADERS } from '../http/security-headers.ts';
import { findFile, findRedirect, type SiteSnapshot, type StaticFile, type Variant } from './static-site.ts';

/**
 * Serves the built site straight from memory and hands everything else (`/api`, other methods)
 * to `next`. Moved pages answer their redirect. Pages go out precompressed (brotli or gzip, as the browser accepts) with headers
 * prepared when the build was loaded, so a page costs one map lookup and one write. `pathFor` may
 * answer another page of the build for a path (the login variant, login-variant.ts).
 */
export function siteListener(
  snapshot: () => SiteSnapshot | null,
  next: RequestListener,
  pathFor: (path: string) => string = (path) => path,
): RequestListener {
  return (request, response) => {
    const url = request.url ?? '/';
    const method = request.method;
    if (isApiPath(url) || isUploadPath(url) || (method !== 'GET' && method !== 'HEAD')) {
      next(request, response);
      return;
    }
    const site = snapshot();
    if (!site) {
      response.writeHead(503, {
        ...PAGE_SECURITY_HEADERS,
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': '5',
      });
      response.end('The site is being built. Please try again in a moment.');
      return;
    }
    const decoded = pathOf(url);
    const path = decoded === null ? null : pathFor(decoded);
    const redirect = path === null ? undefined : findRedirect(site, path);
    if (redirect) {
      response.writeHead(redirect.status, redirect.headers);
      response.end();
      return;
    }
    const file = path === null ? undefined : findFile(site, path);
    if (!file) {
      const notFound = notFoundPage(site, path);
      if (notFound) send(request, response, 404, notFound);
      else {
        response.writeHead(404, { ...PAGE_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
        response.end('Not found');
      }
      return;
    }
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, file.notModified);
      response.end();
      return;
    }
    send(request, response, 200, file);
  };
}

function send(request: IncomingMessage, response: ServerResponse, status: number, file: StaticFile) {
  const variant = preferredVariant(request.headers['accept-encoding'], file);
  response.writeHead(status, variant.headers);
  response.end(request.method === 'HEAD' ? undefined : variant.body);
}

/**
 * The not-found page for `path`: its language's (`/hi/404.html` for `/hi/…`, render-pages.ts
 * writes one per language), else the site's `/404.html`.
 */
function notFoundPage(site: SiteSnapshot, path: string | null): StaticFile | undefined {
  const folder = path?.split('/')[1];
  return (folder && site.files.get(`/${folder}/404.html`)) || site.files.get('/404.html');
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** The uploads at the static paths the pages link, which the app answers (routes/static-uploads.ts). */
/** The uploads, and the app's icons made from the logo: the app answers them, not the build. */
const isUploadPath = (url: string) =>
  url.startsWith('/images/') || url.startsWith('/documents/') || url.startsWith('/icons/');

/** The decoded path of a request URL, or null when it cannot be decoded. */
function pathOf(url: string): string | null {
  const end = url.search(/[?#]/);
  try {
    return decodeURIComponent(end === -1 ? url : url.slice(0, end));
  } catch {
    return null;
  }
}

/** Brotli first, then gzip, among the encodings the request accepts (q=0 refuses one). */
function preferredVariant(header: string | undefined, file: StaticFile): Variant {
  if (!header || (!file.br && !file.gzip)) return file.identity;
  const accepted = acceptedEncodings(header);
  if (file.br && accepted.has('br')) return file.br;
  if (file.gzip && (accepted.has('gzip') || accepted.has('*'))) return file.gzip;
  return file.identity;
}
