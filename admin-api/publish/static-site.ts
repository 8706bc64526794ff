import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import { isHashedSearchFile } from '../../site/contract/search.ts';
import { PAGE_SECURITY_HEADERS } from '../http/security-headers.ts';
import type { CompressedFiles, CompressedForms } from './compressed-files.ts';
import { FileSlabs } from './file-slabs.ts';
import { treeFiles } from './hard-links.ts';
import type { RedirectStatus, Redirects } from './page-renderer.ts';
import type { SplicedFiles } from './render-pages.ts';

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

type Compressed = CompressedForms;

/** The files of a build, as publishing reports them (publish/render-pages.ts). */
export interface BuildFiles {
  /** Every file of the build, by URL path (`/gallery/index.html`); those under its folder when not given. */
  paths?: readonly string[];
  /**
   * Files known to be those of the site loaded last, with the same headers (publishing took them
   * over): their entries are reused without looking at them, so they need not be in the folder yet.
   */
  carried?: ReadonlySet<string>;
  /** Files given in one file (render-pages.ts `SplicedFiles`), read from it rather than from the folder. */
  spliced?: SplicedFiles | null;
}

/** A file loaded before, and what it was loaded from: the same file on disk and headers give the same entry. */
interface Loaded {
  source: string;
  /** Its extra headers, as JSON. */
  headers: string;
  file: StaticFile;
}

/**
 * Loads built sites into memory. A new build takes the pages an edit did not touch from the
 * previous one as hard links (carry-over.ts), so a file whose inode, size, time and headers are
 * those of a file loaded before is that file: its entry is reused without reading it. Compressed
 * forms are remembered by content hash, so a rebuild only compresses the files that changed: an
 * edit's few files before the build is served, a whole site (at start, after a code change) in the
 * background, leaving a core to answer edits, while its files are served uncompressed. Compressing thousands of
 * files at once would hold a brotli encoder's memory for each of them (gigabytes on a large site).
 */
export class SnapshotLoader {
  #loaded = new Map<string, Loaded>();
  #compressed = new Map<string, Compressed>();
  #background: Promise<void> = Promise.resolve();
  /** Where the immutable files' forms are kept between starts (none: compressed on every start). */
  #kept: CompressedFiles | undefined;

  constructor(kept?: CompressedFiles) {
    this.#kept = kept;
  }

  /**
   * Loads the files under `dir`; `pageHeaders` adds headers to some of them, by URL path, and
   * `redirects` are the paths that send visitors elsewhere. `files` says which files the build has
   * (all those under `dir` when not given) and which of them were carried over unchanged.
   */
  async load(
    dir: string,
    pageHeaders: Record<string, Record<string, string>> = {},
    redirects: Redirects = {},
    { paths, carried = new Set(), spliced }: BuildFiles = {},
  ): Promise<SiteSnapshot> {
    const urlPaths = paths ?? treeFiles(dir);
    // In a slab: its pages' slices keep it until they are compressed, then it is given back whole.
    const splicedBytes = spliced ? await new FileSlabs().read(spliced.file, (await stat(spliced.file)).size) : null;
    const loaded = new Map<string, Loaded>();
    const compressed = new Map<string, Compressed>();
    const uncompressed: Uncompressed[] = [];
    // A whole site's pages wait uncompressed for the background: read into slabs, this load's own,
    // given back once they are compressed. An edit's few pages are compressed before they are
    // served: a slab each time would only make the collector run.
    const slabs = urlPaths.length - carried.size > COMPRESSED_BEFORE_SERVING ? new FileSlabs() : null;
    const reuse = (urlPath: string, before: Loaded) => {
      loaded.set(urlPath, before);
      const forms = this.#compressed.get(before.file.etag);
      if (forms) compressed.set(before.file.etag, forms);
    };
    await inTurns(urlPaths, READ_AT_ONCE, async (urlPath) => {
      const before = this.#loaded.get(urlPath);
      if (carried.has(urlPath)) {
        if (!before) throw new Error(`${urlPath} was carried over from a build that was not loaded`);
        return reuse(urlPath, before);
      }
      const path = join(dir, urlPath);
      const extra = pageHeaders[urlPath];
      const headers = JSON.stringify(extra ?? null);
      const type = getMimeType(path) ?? 'application/octet-stream';
      const range = spliced?.pages[urlPath];
      let source: string;
      let body: Bytes;
      if (range && splicedBytes) {
        body = splicedBytes.subarray(...range);
        source = `spliced:${headers}`;
      } else {
        const { dev, ino, size, mtimeMs } = await stat(path);
        source = `${dev}:${ino}:${size}:${mtimeMs}:${headers}`;
        if (before?.source === source) return reuse(urlPath, before);
        body = isCompressible(size, type) && slabs ? await slabs.read(path, size) : await readFile(path);
      }
      const compressible = isCompressible(body.length, type);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const forms = this.#compressed.get(etag) ?? (compressible ? null : NOT_COMPRESSED);
      if (forms) compressed.set(etag, forms);
      const file = staticFile(urlPath, type, etag, body, forms ?? NOT_COMPRESSED, extra, compressible);
      if (!forms) uncompressed.push({ file, type, immutable: isImmutable(urlPath) });
      loaded.set(urlPath, { source, headers, file });
    });
    this.#loaded = loaded;
    this.#compressed = compressed;
    if (uncompressed.length <= COMPRESSED_BEFORE_SERVING) await this.#compressAll(uncompressed, COMPRESSED_AT_ONCE);
    else this.#background = this.#background.then(() => this.#compressAll(uncompressed, COMPRESSED_IN_BACKGROUND));
    // After the compressing, off an edit's way to being served.
    this.#background = this.#background.then(() => this.#forgetUnused(loaded));
    const files = new Map([...loaded].map(([urlPath, { file }]) => [urlPath, file]));
    return { files, redirects: staticRedirects(redirects) };
  }

  /** Resolves when every file loaded so far has its compressed forms, and the unused kept ones are gone. */
  compressed(): Promise<void> {
    return this.#background;
  }

  /** Gives `files` their compressed forms, `width` at a time. */
  async #compressAll(files: Uncompressed[], width: number) {
    await inTurns(files, width, async ({ file, type, immutable }) => {
      const forms = this.#compressed.get(file.etag) ?? (await this.#compress(file, type, immutable));
      this.#compressed.set(file.etag, forms);
      giveForms(file, forms);
    });
  }

  /** The forms of `file`: an immutable one's are read back from disk when kept, and kept once made. */
  async #compress(file: StaticFile, type: string, immutable: boolean): Promise<Compressed> {
    const kept = immutable ? this.#kept : undefined;
    const read = await kept?.read(file.etag);
    if (read) return read;
    const forms = await compress(file.identity.body, type, immutable);
    // Only a cache: a file that cannot be kept is compressed again on the next start.
    await kept?.write(file.etag, forms).catch((error: unknown) => console.error('Compressed forms not kept:', error));
    return forms;
  }

  /** The kept forms of immutable files the site `loaded` no longer has go. */
  async #forgetUnused(loaded: Map<string, Loaded>) {
    if (!this.#kept) return;
    const immutable = [...loaded].filter(([urlPath]) => isImmutable(urlPath)).map(([, { file }]) => file.etag);
    await this.#kept
      .keepOnly(immutable)
      .catch((error: unknown) => console.error('Unused compressed forms stay:', error));
  }
}

/**
 * Gives `file` its compressed forms; from then on its uncompressed form is made from the gzip one
 * when asked (unzippedWhenAsked).
 */
function giveForms(file: StaticFile, forms: Compressed) {
  const { headers } = file.identity;
  file.br = forms.br && { body: forms.br, headers: withEncoding(headers, forms.br, 'br') };
  file.gzip = forms.gzip && { body: forms.gzip, headers: withEncoding(headers, forms.gzip, 'gzip') };
  if (forms.gzip) file.identity = unzippedWhenAsked(headers, forms.gzip);
}

/**
 * The uncompressed form of a file kept compressed only: nearly every client takes brotli or gzip,
 * and the uncompressed pages were most of the memory a site takes (some 200 MB at the limit of
 * 20,000 events, news and photos). The few that take neither get the gzip form unzipped, a fraction
 * of a millisecond for a page.
 */
function unzippedWhenAsked(headers: Record<string, string>, gzipped: Bytes): Variant {
  return {
    headers,
    get body() {
      return gunzipSync(gzipped) as Bytes;
    },
  };
}

/** A file loaded without its compressed forms yet. */
interface Uncompressed {
  file: StaticFile;
  type: string;
  immutable: boolean;
}

/** An edit's files are compressed before its build is served; more than this, in the background. */
const COMPRESSED_BEFORE_SERVING = 64;
/** An edit's files, on the machine's two cores (CI's, and a small server's). */
const COMPRESSED_AT_ONCE = 2;
/**
 * A whole site's, leaving a core to answer edits meanwhile: on two cores, compressing two at a
 * time after a start made an event's save at the limit of 20,000 events take some 170 ms instead
 * of 60 to 100.
 */
const COMPRESSED_IN_BACKGROUND = Math.max(1, availableParallelism() - 1);
const READ_AT_ONCE = 32;
const NOT_COMPRESSED: Compressed = { br: null, gzip: null };

const isCompressible = (size: number, type: string) => size >= 512 && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);

function withEncoding(identity: Record<string, string>, body: Bytes, encoding: Encoding): Record<string, string> {
  return { ...identity, 'content-length': String(body.length), 'content-encoding': encoding };
}

/** Runs `task` on every item, at most `width` at a time. */
async function inTurns<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/**
 * Hashed build assets and the search index's hashed chunks never change under their name;
 * everything else (pages, pagefind.js, pagefind-entry.json naming the chunks) is revalidated.
 */
const isImmutable = (urlPath: string) => urlPath.startsWith('/_astro/') || isHashedSearchFile(urlPath);

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
  compressible = Boolean(forms.br || forms.gzip),
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
  const vary: Record<string, string> = compressible ? { vary: 'Accept-Encoding' } : {};
  const identity: Variant = {
    body,
    headers: { 'content-type': type, 'content-length': String(body.length), ...vary, ...caching },
  };
  const file: StaticFile = { etag, identity, br: null, gzip: null, notModified: { ...vary, ...caching } };
  giveForms(file, forms);
  return file;
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
  if (!isCompressible(body.length, type)) return NOT_COMPRESSED;
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
