import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import { PAGE_SECURITY_HEADERS } from '../http/security-headers.ts';
import type { RedirectStatus, Redirects } from './render-pages.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Bytes = Uint8Array<ArrayBuffer>;

export type Encoding = 'identity' | 'br' | 'gzip';

/** One form of a file as it goes on the wire: its bytes and every header, prepared once. */
export interface Variant {
  body: Bytes;
  headers: Record<string, string>;
}

/** One file of a built site, held in memory with its precompressed forms. */
export interface StaticFile {
  etag: string;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
  /** For 304 answers: the caching headers without a body. */
  notModified: Record<string, string>;
}

/** A path that answers a redirect: its status and every header, prepared once. */
export interface StaticRedirect {
  status: RedirectStatus;
  headers: Record<string, string>;
}

/** A whole built site in memory, swapped as one piece when a new build is ready. */
export interface SiteSnapshot {
  files: Map<string, StaticFile>;
  redirects: Map<string, StaticRedirect>;
}

type Compressed = { br: Bytes | null; gzip: Bytes | null };

/** A file loaded before, and what it was loaded from: the same file on disk and headers give the same entry. */
interface Loaded {
  source: string;
  file: StaticFile;
}

/**
 * Loads built sites into memory. A new build takes the pages an edit did not touch from the
 * previous one as hard links (carry-over.ts), so a file whose inode, size, time and headers are
 * those of a file loaded before is that file: its entry is reused without reading it. Compressed
 * forms are remembered by content hash, so a rebuild only compresses the files that changed.
 */
export class SnapshotLoader {
  #loaded = new Map<string, Loaded>();
  #compressed = new Map<string, Compressed>();

  /**
   * Loads the files under `dir`; `pageHeaders` adds headers to some of them, by URL path, and
   * `redirects` are the paths that send visitors elsewhere.
   */
  async load(
    dir: string,
    pageHeaders: Record<string, Record<string, string>> = {},
    redirects: Redirects = {},
  ): Promise<SiteSnapshot> {
    const paths = await listFiles(dir);
    const loaded = new Map<string, Loaded>();
    const compressed = new Map<string, Compressed>();
    await Promise.all(
      paths.map(async (path) => {
        const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
        const extra = pageHeaders[urlPath];
        const { dev, ino, size, mtimeMs } = await stat(path);
        const source = `${dev}:${ino}:${size}:${mtimeMs}:${JSON.stringify(extra ?? null)}`;
        const before = this.#loaded.get(urlPath);
        if (before?.source === source) {
          loaded.set(urlPath, before);
          const forms = this.#compressed.get(before.file.etag);
          if (forms) compressed.set(before.file.etag, forms);
          return;
        }
        const body = await readFile(path);
        const type = getMimeType(path) ?? 'application/octet-stream';
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        const forms = this.#compressed.get(etag) ?? (await compress(body, type, isImmutable(urlPath)));
        compressed.set(etag, forms);
        loaded.set(urlPath, { source, file: staticFile(urlPath, type, etag, body, forms, extra) });
      }),
    );
    this.#loaded = loaded;
    this.#compressed = compressed;
    const files = new Map([...loaded].map(([urlPath, { file }]) => [urlPath, file]));
    return { files, redirects: staticRedirects(redirects) };
  }
}

/** Hashed build assets never change under their name; everything else is revalidated. */
const isImmutable = (urlPath: string) => urlPath.startsWith('/_astro/');

function staticRedirects(redirects: Redirects): Map<string, StaticRedirect> {
  const prepared = new Map<string, StaticRedirect>();
  for (const [path, { status, location }] of Object.entries(redirects)) {
    prepared.set(path, {
      status,
      // Revalidated like the pages: a former address may become a page again.
      headers: { location, 'content-length': '0', 'cache-control': 'no-cache', ...PAGE_SECURITY_HEADERS },
    });
  }
  return prepared;
}

/** The redirect a URL path answers, if any (`/about/` as `/about`). */
export function findRedirect(snapshot: SiteSnapshot, pathname: string): StaticRedirect | undefined {
  return snapshot.redirects.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** Finds the file for a URL path: `/x` serves `/x/index.html`, `/` serves `/index.html`. */
export function findFile(snapshot: SiteSnapshot, pathname: string): StaticFile | undefined {
  const { files } = snapshot;
  if (pathname.endsWith('/')) return files.get(`${pathname}index.html`);
  return files.get(pathname) ?? files.get(`${pathname}/index.html`);
}

function staticFile(
  urlPath: string,
  type: string,
  etag: string,
  body: Bytes,
  forms: Compressed,
  extra: Record<string, string> = {},
): StaticFile {
  const policy = extra['content-security-policy'];
  const caching = {
    etag,
    'cache-control': isImmutable(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...PAGE_SECURITY_HEADERS,
    ...extra,
    // A rendered page's own policy (its script and style hashes), which may not be framed either.
    ...(policy
      ? {
          'content-security-policy': `${policy.replace(/;?\s*$/, ';')} ${PAGE_SECURITY_HEADERS['content-security-policy']}`,
        }
      : {}),
  };
  const vary: Record<string, string> = forms.br || forms.gzip ? { vary: 'Accept-Encoding' } : {};
  const variant = (bytes: Bytes, encoding: Encoding): Variant => ({
    body: bytes,
    headers: {
      'content-type': type,
      'content-length': String(bytes.length),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      ...vary,
      ...caching,
    },
  });
  return {
    etag,
    identity: variant(body, 'identity'),
    br: forms.br && variant(forms.br, 'br'),
    gzip: forms.gzip && variant(forms.gzip, 'gzip'),
    notModified: { ...vary, ...caching },
  };
}

/**
 * Brotli quality for what an edit renders anew (pages, feeds): the highest quality takes some 50 ms
 * a page, and over a second for a large calendar, for under 10% less than this one, which takes
 * about 1 ms a page. Hashed scripts and styles, compressed once per version of the code, get the
 * highest.
 */
const RENDERED_BROTLI_QUALITY = 6;
const RENDERED_GZIP_LEVEL = 6;

async function compress(body: Bytes, type: string, immutable: boolean): Promise<Compressed> {
  if (body.length < 512 || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return { br: null, gzip: null };
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: immutable ? constants.BROTLI_MAX_QUALITY : RENDERED_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: immutable ? constants.Z_BEST_COMPRESSION : RENDERED_GZIP_LEVEL }),
  ]);
  return { br, gzip: gz };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
