import { chunksOf, sameItems } from './list-chunks.ts';

/**
 * JSON of documents whose versions share their parts (immer keeps what a change did not touch the
 * same object; the public view keeps each item that has nothing to hide), as UTF-8: the bytes of
 * each part, of each item of a list, and of each chunk of a list's items (list-chunks.ts) are
 * remembered by identity, so writing a new version costs what the change touched: a new event at
 * the limit of 20,000 puts together the bytes of one chunk of some 500 events, not of 10 MB. The
 * bytes are exactly those of `JSON.stringify`. Only bytes are kept, not text too: at that limit,
 * text beside them would be some 25 MB more for the server to hold.
 */
export class PartJson {
  #bytes = new WeakMap<object, Buffer>();
  #lists = new WeakMap<readonly unknown[], Buffer[]>();
  /** The bytes of the last chunk made that begins with an item, by the item. */
  #chunks = new WeakMap<object, { items: readonly unknown[]; bytes: Buffer }>();

  /** `JSON.stringify(document)`, put together from the bytes of its parts. */
  stringify(document: unknown): string {
    return Buffer.concat(this.bytes(document)).toString();
  }

  /**
   * `JSON.stringify(document)` as UTF-8, in pieces: the parts' (a list's, its chunks'), each made
   * once, so writing a new version encodes only what it changed, and the whole text is never made
   * into one string or buffer.
   */
  bytes(document: unknown): Buffer[] {
    if (!isPlainObject(document)) return [...this.pieces(document)];
    const pieces: Buffer[] = [];
    for (const [key, value] of Object.entries(document)) {
      if (value === undefined || typeof value === 'function') continue;
      pieces.push(Buffer.from(`${pieces.length === 0 ? '{' : ','}${JSON.stringify(key)}:`));
      pieces.push(...this.pieces(value));
    }
    pieces.push(Buffer.from(pieces.length === 0 ? '{}' : '}'));
    return pieces;
  }

  /** `JSON.stringify(value)` as UTF-8 for one part, list or item, in pieces: a list's are its chunks', between brackets. */
  pieces(value: unknown): readonly Buffer[] {
    if (!Array.isArray(value)) return [this.partBytes(value)];
    let pieces = this.#lists.get(value);
    if (pieces === undefined) {
      pieces = [OPEN_LIST];
      for (const [index, chunk] of chunksOf(value, (item) => this.partBytes(item).length).entries()) {
        if (index > 0) pieces.push(COMMA);
        pieces.push(this.#chunkBytes(chunk));
      }
      pieces.push(CLOSE_LIST);
      this.#lists.set(value, pieces);
    }
    return pieces;
  }

  /**
   * `JSON.stringify(value)` as UTF-8 for one part, list or item, in one buffer: a part's and an
   * item's are remembered by identity; a list's are put together from its pieces when asked.
   */
  partBytes(value: unknown): Buffer {
    if (Array.isArray(value)) return Buffer.concat(this.pieces(value));
    if (typeof value !== 'object' || value === null) return Buffer.from(JSON.stringify(value) ?? 'null');
    let bytes = this.#bytes.get(value);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(value) ?? 'null');
      this.#bytes.set(value, bytes);
    }
    return bytes;
  }

  /** The bytes of consecutive items, joined by commas: those made before for the same items, else new. */
  #chunkBytes(items: readonly unknown[]): Buffer {
    const first = items[0];
    const key = typeof first === 'object' && first !== null ? first : null;
    const known = key ? this.#chunks.get(key) : undefined;
    if (known && sameItems(known.items, items)) return known.bytes;
    const bytes = joinedBytes(items, (item) => this.partBytes(item));
    if (key) this.#chunks.set(key, { items, bytes });
    return bytes;
  }
}

const [OPEN_LIST, COMMA, CLOSE_LIST] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('toJSON' in value);

/** `JSON.stringify(items)` as UTF-8, put together from each item's bytes as `bytesOf` makes them. */
export function listBytes(items: readonly unknown[], bytesOf: (item: unknown) => Uint8Array): Buffer {
  return joinedBytes(items, bytesOf, OPEN_LIST, CLOSE_LIST);
}

/** The items' bytes as `bytesOf` makes them, joined by commas (between `open` and `close`). */
function joinedBytes(
  items: readonly unknown[],
  bytesOf: (item: unknown) => Uint8Array,
  open?: Uint8Array,
  close?: Uint8Array,
): Buffer {
  const pieces: Uint8Array[] = open ? [open] : [];
  for (const [index, item] of items.entries()) {
    if (index > 0) pieces.push(COMMA);
    pieces.push(bytesOf(item));
  }
  if (close) pieces.push(close);
  return Buffer.concat(pieces);
}
