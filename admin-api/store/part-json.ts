/**
 * JSON text of documents whose versions share their parts (immer keeps what a change did not touch
 * the same object; the public view keeps each item that has nothing to hide): the text of each
 * part, and of each item of a list, is remembered by identity, so writing a new version costs what
 * the change touched. The text is exactly `JSON.stringify`'s.
 */
export class PartJson {
  #texts = new WeakMap<object, string>();

  /** `JSON.stringify(document)`, reusing the text of the parts and items seen before. */
  stringify(document: unknown): string {
    if (!isPlainObject(document)) return JSON.stringify(document);
    const fields: string[] = [];
    for (const [key, value] of Object.entries(document)) {
      if (value === undefined || typeof value === 'function') continue;
      fields.push(`${JSON.stringify(key)}:${Array.isArray(value) ? this.#list(value) : this.#part(value)}`);
    }
    return `{${fields.join(',')}}`;
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

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('toJSON' in value);
