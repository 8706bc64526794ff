/**
 * JSON text of documents whose versions share their parts (immer keeps what a change did not touch
 * the same object; the public view keeps each item that has nothing to hide): the text of each
 * part, and of each item of a list, is remembered by identity, so writing a new version costs what
 * the change touched. The text is exactly `JSON.stringify`'s.
 */
export class PartJson {
  #texts = new WeakMap<object, string>();
  #bytes = new WeakMap<object, Buffer>();

  /** `JSON.stringify(document)`, reusing the text of the parts and items seen before. */
  stringify(document: unknown): string {
    if (!isPlainObject(document)) return JSON.stringify(document);
    const fields: string[] = [];
    for (const [key, value] of Object.entries(document)) {
      if (value === undefined || typeof value === 'function') continue;
      fields.push(`${JSON.stringify(key)}:${this.part(value)}`);
    }
    return `{${fields.join(',')}}`;
  }

  /**
   * `JSON.stringify(document)` as UTF-8, in pieces: the bytes of each part are remembered by
   * identity, so writing a new version encodes only the parts it changed, and the whole text is
   * never made into one string.
   */
  bytes(document: unknown): Buffer[] {
    if (!isPlainObject(document)) return [Buffer.from(JSON.stringify(document))];
    const pieces: Buffer[] = [];
    for (const [key, value] of Object.entries(document)) {
      if (value === undefined || typeof value === 'function') continue;
      pieces.push(Buffer.from(`${pieces.length === 0 ? '{' : ','}${JSON.stringify(key)}:`));
      pieces.push(this.partBytes(value));
    }
    pieces.push(Buffer.from(pieces.length === 0 ? '{}' : '}'));
    return pieces;
  }

  /**
   * `JSON.stringify(value)` as UTF-8 for one part, list or item, remembered by identity: a list's
   * bytes are its items' bytes put together, so a new version of a long list encodes only the
   * items that changed.
   */
  partBytes(value: unknown): Buffer {
    if (typeof value !== 'object' || value === null) return Buffer.from(this.#part(value));
    let bytes = this.#bytes.get(value);
    if (bytes === undefined) {
      bytes = Array.isArray(value) ? listBytes(value, (item) => this.partBytes(item)) : Buffer.from(this.#part(value));
      this.#bytes.set(value, bytes);
    }
    return bytes;
  }

  /** `JSON.stringify(value)` for one part, list or item, remembered by identity. */
  part(value: unknown): string {
    return Array.isArray(value) ? this.#list(value) : this.#part(value);
  }

  #list(items: readonly unknown[]): string {
    let text = this.#texts.get(items);
    if (text === undefined) {
      text = `[${items.map((item) => this.#part(item)).join(',')}]`;
      this.#texts.set(items, text);
    }
    return text;
  }

  #part(value: unknown): string {
    if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
    let text = this.#texts.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      this.#texts.set(value, text);
    }
    return text;
  }
}

const [OPEN_LIST, COMMA, CLOSE_LIST] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('toJSON' in value);

/** `JSON.stringify(items)` as UTF-8, put together from each item's bytes as `bytesOf` makes them. */
export function listBytes(items: readonly unknown[], bytesOf: (item: unknown) => Uint8Array): Buffer {
  const pieces: Uint8Array[] = [OPEN_LIST];
  for (const [index, item] of items.entries()) {
    if (index > 0) pieces.push(COMMA);
    pieces.push(bytesOf(item));
  }
  pieces.push(CLOSE_LIST);
  return Buffer.concat(pieces);
}
