import type { Context } from 'hono';
import { findFile, type SiteSnapshot, type StaticFile } from './static-site.ts';

/**
 * Serves the built site from memory: precompressed brotli or gzip when the browser takes it,
 * ETag/304 revalidation for pages, a year of caching for hashed assets, and the site's own 404.
 */
export function serveSite(c: Context, snapshot: SiteSnapshot | null): Response {
  if (!snapshot) return c.text('The site is being built. Please try again in a moment.', 503);
  const file = findFile(snapshot, c.req.path);
  if (!file) {
    const page = snapshot.files.get('/404.html');
    return page ? respond(c, page, 404) : c.text('Not found', 404);
  }
  if (c.req.header('if-none-match') === file.etag) {
    return c.body(null, 304, cacheHeaders(file));
  }
  return respond(c, file, 200);
}

function respond(c: Context, file: StaticFile, status: 200 | 404): Response {
  const headers: Record<string, string> = { 'Content-Type': file.type, ...cacheHeaders(file) };
  let body = file.body;
  if (file.br || file.gzip) {
    headers.Vary = 'Accept-Encoding';
    const encoding = preferredEncoding(c.req.header('accept-encoding'), file);
    if (encoding) {
      body = file[encoding === 'br' ? 'br' : 'gzip'] ?? body;
      headers['Content-Encoding'] = encoding;
    }
  }
  headers['Content-Length'] = String(body.length);
  return c.body(body, status, headers);
}

function cacheHeaders(file: StaticFile): Record<string, string> {
  return {
    ETag: file.etag,
    'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

/** Brotli first, then gzip, among the encodings the request accepts (q=0 refuses one). */
function preferredEncoding(header: string | undefined, file: StaticFile): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (file.br && accepted.has('br')) return 'br';
  if (file.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return null;
}
