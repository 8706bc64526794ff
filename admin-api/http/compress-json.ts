/**
 * JSON answers of the API go out compressed (brotli, else gzip) when the request accepts it:
 * the whole content of a large site is some 24 MB as text and well under 1 MB compressed. Only
 * JSON is compressed here: downloads (backups, exports) keep their own types and stream as they
 * are, and the reference's script comes precompressed. The ETag stays as the route set it: it
 * names the version of the document (which If-Match sends back), whatever the encoding, and
 * `Vary: Accept-Encoding` keeps caches from mixing the forms. A weak form (`W/"…"`, as a proxy may
 * make it) is taken by If-Match and If-None-Match too.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { preferredEncoding } from './accept-encoding.ts';

/** Smaller answers gain too little to be worth the work. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Above this size an answer takes the fastest brotli and gzip: a list of 20,000 events (10 MB)
 * then compresses in some 10 ms (brotli) instead of 80 ms or more, at 5% more bytes.
 */
const LARGE = 256 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const type = c.res.headers.get('Content-Type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/.test(type) || c.res.headers.has('Content-Encoding')) return;
  c.res.headers.append('Vary', 'Accept-Encoding');
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  // Only then is the body read: reading it makes the server's light answer a whole Response, whose
  // text is checked, encoded and streamed (a third of the time of a plain GET /api/content).
  if (encoding === 'identity' || !c.res.body) return;
  const body = Buffer.from(await c.res.clone().arrayBuffer());
  if (body.length < COMPRESS_THRESHOLD) return;
  const large = body.length > LARGE;
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: large ? 1 : 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzipAsync(body, { level: large ? 1 : 6 });
  const headers = new Headers(c.res.headers);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(compressed.length));
  const { status, statusText } = c.res;
  // Unset first: Hono's setter would copy the plain answer's headers (length, strong ETag) onto the new one.
  c.res = undefined;
  c.res = new Response(new Uint8Array(compressed), { status, statusText, headers });
};
