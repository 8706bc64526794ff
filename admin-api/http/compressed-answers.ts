/**
 * The compressed bodies of JSON answers that are the same for every request of the same address,
 * ETag and reader (a route says so with `sameBodyPerEtag`, etag.ts): each is compressed once per
 * version, encoding and reader, and reused until its ETag changes. Only the latest version of
 * each is kept, the least recently used dropped beyond a number of bytes. Requests that arrive
 * while it is being compressed wait for that one compression rather than starting their own.
 */

/** A compressed body, or null when the answer is too small to be worth compressing. */
export type Compressed = Buffer | null;

interface Kept {
  etag: string;
  body: Promise<Compressed>;
  /** Its bytes, once compressed. */
  size: number;
}

export class CompressedAnswers {
  readonly #kept = new Map<string, Kept>();
  readonly #maxBytes: number;
  readonly #maxAnswers: number;
  #bytes = 0;

  /** At most `maxBytes` of compressed bodies, and `maxAnswers` answers (those being made and small ones count). */
  constructor(maxBytes: number, maxAnswers = 1000) {
    this.#maxBytes = maxBytes;
    this.#maxAnswers = maxAnswers;
  }

  /** The body `key` has at `etag`, made by `compress` unless it is kept. */
  body(key: string, etag: string, compress: () => Promise<Compressed>): Promise<Compressed> {
    const kept = this.#kept.get(key);
    if (kept) this.#drop(key);
    // Least recently used first: a Map keeps the order entries were set in.
    if (kept?.etag === etag) {
      this.#keep(key, kept);
      return kept.body;
    }
    const made: Kept = { etag, body: compress(), size: 0 };
    this.#keep(key, made);
    made.body.then(
      (body) => {
        if (this.#kept.get(key) !== made) return;
        made.size = body?.length ?? 0;
        this.#bytes += made.size;
        this.#evict();
      },
      () => {
        if (this.#kept.get(key) === made) this.#drop(key);
      },
    );
    return made.body;
  }

  /** The bytes kept, for the tests of the bound. */
  get bytes(): number {
    return this.#bytes;
  }

  #keep(key: string, kept: Kept) {
    this.#kept.set(key, kept);
    this.#bytes += kept.size;
    this.#evict();
  }

  #drop(key: string) {
    this.#bytes -= this.#kept.get(key)?.size ?? 0;
    this.#kept.delete(key);
  }

  #evict() {
    for (const key of this.#kept.keys()) {
      if (this.#bytes <= this.#maxBytes && this.#kept.size <= this.#maxAnswers) return;
      this.#drop(key);
    }
  }
}
