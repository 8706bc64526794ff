/**
 * Values that name things the server has, for path parameters and body fields of the same name:
 * read from every list the document describes (its GETs that take no parameter and answer JSON),
 * so that valid requests often reach past "no such item" into the code behind it.
 */
import { LEADERSHIP_ROLES } from '../../../site/contract/leadership.ts';
import { PREVIEW_KINDS } from '../../../site/contract/public-content.ts';
import { rawRequest } from '../support.ts';
import type { Operation } from './operations.ts';

/** A field of that name in a list names what a parameter of these names takes. */
const ALIASES: Record<string, string[]> = {
  _id: ['id'],
  imageId: ['imageId', 'name'],
  documentId: ['documentId', 'name'],
  // People's names (in messages, registrations): not the file names `{name}` takes.
  name: [],
};

/**
 * The parameters whose values the lists do not show: `kind` and `role` are plain strings in the
 * document (it could say them as enums: then these would be read from it).
 */
const FIXED: Record<string, readonly string[]> = { kind: PREVIEW_KINDS, role: LEADERSHIP_ROLES };

const KEPT = 40;

/** Values by parameter name, each with the list it was in (`events`…). */
type Found = Map<string, Map<string, string>>;

export class KnownValues {
  readonly #base: string;
  readonly #sources: string[];
  /** What the lists hold now. */
  #listed: Found = new Map();
  /** What answers named (an upload's imageId, say, which no list shows until it is used). */
  readonly #answered: Found = new Map();

  constructor(base: string, operations: readonly Operation[]) {
    this.#base = base;
    this.#sources = operations
      .filter(
        (operation) =>
          operation.method === 'GET' &&
          operation.template.startsWith('/api/') &&
          !operation.template.includes('{') &&
          !operation.parameters.some((parameter) => parameter.required) &&
          operation.answersJson &&
          !operation.template.endsWith('/openapi.json'),
      )
      .map((operation) => operation.template);
  }

  /** Reads the lists again (with the session's token). */
  async refresh(token: string): Promise<void> {
    const listed: Found = new Map();
    for (const path of this.#sources) {
      const answer = await rawRequest(this.#base, {
        method: 'GET',
        path,
        headers: { Authorization: `Bearer ${token}` },
      });
      if (answer.status !== 200 || !String(answer.headers['content-type']).startsWith('application/json')) continue;
      walk(listed, JSON.parse(answer.text), '', listOf(path));
    }
    this.#listed = listed;
  }

  /** Notes the values a JSON answer to `path` names. */
  learn(answer: unknown, path: string): void {
    walk(this.#answered, answer, '', listOf(path));
    for (const values of this.#answered.values()) {
      for (const value of [...values.keys()].slice(0, -KEPT)) values.delete(value);
    }
  }

  /**
   * The values seen under `name` (for a parameter, or a body field, of that name), the best
   * first found of: those the list the path `template` names holds now (`/api/events/{id}`: ids
   * of events), those answers named in that list, those of any list, any value seen.
   */
  get(name: string, template = ''): readonly string[] {
    const segments = template.split('/');
    const listed = [...(this.#listed.get(name) ?? [])].slice(-KEPT);
    const answered = [...(this.#answered.get(name) ?? [])];
    const named = (values: [string, string][]) => values.filter(([, list]) => segments.includes(list));
    const choices = [named(listed), named(answered), listed, [...listed, ...answered]];
    const best = choices.find((values) => values.length > 0) ?? [];
    return [...new Set([...(FIXED[name] ?? []), ...best.map(([value]) => value)])];
  }
}

const listOf = (path: string) => path.split('?')[0]!.split('/').at(-1)!;

/** Notes every string and number of `node` under its key, with the list it is in. */
function walk(found: Found, node: unknown, key: string, list: string): void {
  if (typeof node === 'string' || typeof node === 'number') {
    for (const name of ALIASES[key] ?? [key]) found.set(name, (found.get(name) ?? new Map()).set(String(node), list));
  } else if (Array.isArray(node)) {
    for (const item of node) walk(found, item, key, key || list);
  } else if (node && typeof node === 'object') {
    for (const [inner, value] of Object.entries(node)) walk(found, value, inner, list);
  }
}
