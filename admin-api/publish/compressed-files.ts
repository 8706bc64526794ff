/**
 * The compressed forms of a site's immutable files (hashed scripts and styles, the search index's
 * hashed chunks), kept on disk under their content hash. They are compressed at brotli's highest
 * quality, some 2.5 seconds of CPU for the default site's scripts alone, which every start of the
 * server paid again before; a start now reads them back.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMPORARY_PREFIX, writeAtomically } from '../store/atomic-files.ts';

type Bytes = Uint8Array<ArrayBuffer>;

export interface CompressedForms {
  br: Bytes | null;
  gzip: Bytes | null;
}

const EXTENSIONS = { br: '.br', gzip: '.gz' } as const;

/** An ETag (`"<sha1 in base64url>"`) as a file name. */
const baseName = (etag: string) => etag.replaceAll('"', '');

export class CompressedFiles {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** The forms kept for `etag`, or null when there are none (or only one of them). */
  async read(etag: string): Promise<CompressedForms | null> {
    const name = join(this.#dir, baseName(etag));
    const [br, gzip] = await Promise.all([
      readFile(name + EXTENSIONS.br).catch(() => null),
      readFile(name + EXTENSIONS.gzip).catch(() => null),
    ]);
    return br && gzip ? { br: br as Bytes, gzip: gzip as Bytes } : null;
  }

  async write(etag: string, forms: CompressedForms): Promise<void> {
    if (!forms.br || !forms.gzip) return;
    const name = join(this.#dir, baseName(etag));
    await Promise.all([
      writeAtomically(name + EXTENSIONS.br, Buffer.from(forms.br.buffer, forms.br.byteOffset, forms.br.length)),
      writeAtomically(name + EXTENSIONS.gzip, Buffer.from(forms.gzip.buffer, forms.gzip.byteOffset, forms.gzip.length)),
    ]);
  }

  /** Removes the forms of every file but those of `etags` (the site's files now). */
  async keepOnly(etags: Iterable<string>): Promise<void> {
    const kept = new Set([...etags].map(baseName));
    const names = await readdir(this.#dir).catch(() => []);
    const unused = names.filter(
      (name) => !name.startsWith(TEMPORARY_PREFIX) && !kept.has(name.replace(/\.(br|gz)$/, '')),
    );
    await Promise.all(unused.map((name) => rm(join(this.#dir, name), { force: true })));
  }
}
