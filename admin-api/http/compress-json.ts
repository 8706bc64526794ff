/**
 * JSON answers of the API go out compressed (brotli, else gzip) when the request accepts it:
 * the whole content of a large site is some 24 MB as text and well under 1 MB compressed. Only
 * JSON is compressed here: downloads (backups, exports) keep their own types and stream as they
 * are, and the reference's script comes precompressed. The ETag stays as the route set it: it
 * names the version of the document (which If-Match sends back), whatever the encoding, and
 * `Vary: Accept-Encoding` keeps caches from mixing the forms. A weak form (`W/"…"`, as a proxy may
 * make it) is taken by If-Match and If-None-Match too.
 *
 * An answer whose route marked it the same for its address, ETag and reader (`sameBodyPerEtag`,
 * etag.ts), as GET /api/content is, is compressed once per version and reused: every browser
 * accepts brotli, and compressing the small demo's content for each of 32 clients at once took
 * its p99 from 5 to some 100 ms.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type Encoding, preferredEncoding } from './accept-encoding.ts';
import { type Compressed, CompressedAnswers } from './compressed-answers.ts';
import { sameAnswerKey } from './etag.ts';

/** Smaller answers gain too little to be worth the work. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Above this size an answer takes the fastest brotli and gzip: a list of 20,000 events (10 MB)
 * then compresses in some 10 ms (brotli) instead of 80 ms or more, at 5% more bytes.
 */
const LARGE = 256 * 1024;
/** The compressed answers kept: the limit demo's whole content, public and as stored, is some 5 MB of it. */
const KEPT_BYTES = 32 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The middleware, with its own answers kept. */
export function compressJson(): MiddlewareHandler {
  const kept = new CompressedAnswers(KEPT_BYTES);
  return createMiddleware(async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json\b/.test(type) || c.res.headers.has('Content-Encoding')) return;
    c.res.headers.append('Vary', 'Accept-Encoding');
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    // Only then is the body read: reading it makes the server's light answer a whole Response, whose
    // text is checked, encoded and streamed (a third of the time of a plain GET /api/content).
    if (encoding === 'identity' || !c.res.body) return;
    const plain = c.res;
    const same = sameAnswerKey(c, encoding);
    const compressed = same
      ? await kept.body(same.key, same.etag, () => compress(plain, encoding))
      : await compress(plain, encoding);
    if (compressed) answerWith(c, compressed, encoding);
  });
}

/** The body of `answer` compressed, or null when it is too small to gain. */
async function compress(answer: Response, encoding: Exclude<Encoding, 'identity'>): Promise<Compressed> {
  const body = Buffer.from(await answer.clone().arrayBuffer());
  if (body.length < COMPRESS_THRESHOLD) return null;
  const large = body.length > LARGE;
  return encoding === 'br'
    ? await brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: large ? 1 : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : await gzipAsync(body, { level: large ? 1 : 6 });
}

/** The answer with `compressed` for its body, its headers and status kept. */
function answerWith(c: Context, compressed: Buffer, encoding: Encoding) {
  const headers = new Headers(c.res.headers);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(compressed.length));
  const { status, statusText } = c.res;
  // Unset first: Hono's setter would copy the plain answer's headers (length, strong ETag) onto the new one.
  c.res = undefined;
  // A view of the kept bytes, not a copy: no one writes to them.
  const body = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.length);
  c.res = new Response(body, { status, statusText, headers });
}
