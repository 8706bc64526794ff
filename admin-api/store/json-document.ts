import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { current, Immer, isDraft } from 'immer';
import { TextFile } from 'lowdb/node';
import * as z from 'zod';
import { writeAtomically } from './atomic-files.ts';
import { DamagedDataFileError } from './damaged-file.ts';
import { itemsNotIn } from './list-chunks.ts';
import { PartJson } from './part-json.ts';

/**
 * Copy-on-write drafts: a change copies only what it touches, so the parts of a large document it
 * left alone keep their identity, and only those that changed are validated, written to the
 * history or compared by publishing. Committed data is not frozen: the committed document is the
 * validated output of the schema, which the stores treat as read-only by convention.
 */
const immer = new Immer({ autoFreeze: false });

/** Thrown when a change would leave the document invalid; nothing was written. */
export class InvalidDocumentError extends Error {
  readonly issues: z.core.$ZodIssue[];
  constructor(issues: z.core.$ZodIssue[]) {
    super(issues[0]?.message ?? 'Invalid data');
    this.issues = issues;
  }
}

export type CommitListener<T> = (next: T, previous: T) => void;
/** Checks a validated change against the world outside the document before it is committed; throws to refuse it. */
export type Verify<T> = (next: T, previous: T) => void | Promise<void>;

export interface UpdateChecks<T> {
  /** Completes a changed document by a rule of the whole document (parts it leaves alone stay the same objects). */
  finish?: (next: T, previous: T) => T;
  verify?: Verify<T>;
  /**
   * The change removes what must not outlive it (personal data erased or past its time): the copy
   * kept before the change (`keepPrevious`) is the changed file, not the one that still held it.
   */
  forget?: boolean;
}

/**
 * One JSON document on disk, kept in memory. Changes are applied one at a time to a copy-on-write
 * draft, the parts that changed are validated against the schema, and the document is written
 * atomically (temporary file, then rename; lowdb's TextFile when it is created) as compact JSON before the change's
 * promise resolves. Readers only ever see committed data.
 */
export class JsonDocument<S extends z.ZodType> {
  #path: string;
  #keepPrevious: boolean;
  #schema: S;
  #data: z.output<S>;
  #revision = 0;
  /** Tells this opening of the document from any other, so versions never repeat across restarts. */
  #instance = randomBytes(6).toString('base64url');
  #revisions = new WeakMap<object, number>();
  #serialized = new WeakMap<object, string>();
  /** The text of each part and item, shared by the versions (and views) that share them. */
  #json = new PartJson();
  #queue: Promise<unknown> = Promise.resolve();
  #listeners = new Set<CommitListener<z.output<S>>>();

  private constructor(path: string, keepPrevious: boolean, schema: S, data: z.output<S>) {
    this.#path = path;
    this.#keepPrevious = keepPrevious;
    this.#schema = schema;
    this.#data = data;
    this.#revisions.set(data as object, 0);
  }

  /**
   * Opens `path`, creating it from `initial` when it does not exist yet. A document written by an
   * older version lacks the fields added since: those take their value from `initial` (top-level
   * fields) or the schema's defaults (say, an item's `status`), and the file is written once in
   * this version's shape (#writeInCurrentShape). A file that does not parse or does not fit the
   * schema is left as it is: DamagedDataFileError. With `keepPrevious`, the file as it was before
   * each change stays as `<path>.bak` (for `npm run recover`).
   */
  static async open<S extends z.ZodType>(
    path: string,
    schema: S,
    initial: () => z.input<S>,
    { keepPrevious = false } = {},
  ): Promise<JsonDocument<S>> {
    await mkdir(dirname(path), { recursive: true });
    const stored = await readStored(path);
    const document = new JsonDocument(path, keepPrevious, schema, parseStored(path, schema, initial, stored));
    if (!stored) await new TextFile(path).write(document.serialized());
    else await document.#writeInCurrentShape(stored.bytes);
    return document;
  }

  /**
   * The document at `path` as `open` gives it (DamagedDataFileError alike), for a reader beside
   * the server (`npm run build`): nothing is created or written.
   */
  static async read<S extends z.ZodType>(path: string, schema: S, initial: () => z.input<S>): Promise<z.output<S>> {
    return parseStored(path, schema, initial, await readStored(path));
  }

  /** The committed document. Treat it as read-only. */
  get data(): z.output<S> {
    return this.#data;
  }

  /** Counts committed changes since the document was opened. */
  get revision(): number {
    return this.#revision;
  }

  /**
   * A short name of a committed document (`data`, by default the current one), different for every
   * commit: an ETag that costs nothing to compute, however large the document.
   */
  version(data: z.output<S> = this.#data): string {
    return `${this.#instance}.${this.#revisions.get(data as object) ?? 'x'}`;
  }

  /**
   * The committed document `data` (by default the current one), or a view made of its parts, as
   * compact JSON, made once per commit from the text of the parts that changed: the file holds it,
   * and the API answers and publishing use it.
   */
  serialized(data: z.output<S> = this.#data): string {
    let text = this.#serialized.get(data as object);
    if (text === undefined) {
      text = this.#json.stringify(data);
      this.#serialized.set(data as object, text);
    }
    return text;
  }

  /** `JSON.stringify(part)` as UTF-8 for a part of a committed document: the bytes the file holds, made once per part (of a list, per item). */
  partBytes(part: unknown): Buffer {
    return this.#json.partBytes(part);
  }

  /** The same bytes in the pieces the file is written from: a long list's in chunks, made once each. */
  partPieces(part: unknown): readonly Buffer[] {
    return this.#json.pieces(part);
  }

  /**
   * Applies `change` to a draft of the document, validates and writes the result, then commits it.
   * A change that throws (or rejects), or yields invalid data, changes nothing. The change may be
   * async, to check something outside the document while no other change can interleave; `finish`
   * completes the changed document by a rule of the whole document before it is validated, and
   * `verify` checks the validated result, both as plain data rather than a draft.
   */
  update<R>(
    change: (draft: z.output<S>) => R | Promise<R>,
    checks: UpdateChecks<z.output<S>> = {},
  ): Promise<{ data: z.output<S>; result: Awaited<R> }> {
    return this.exclusive(() => this.#apply(change, checks));
  }

  /**
   * Runs `task` in turn with the changes: none is applied while it runs. For work that must see
   * the committed document stay as it is (e.g. removing files nothing refers to any more).
   */
  exclusive<R>(task: (data: z.output<S>) => Promise<R>): Promise<R> {
    const run = this.#queue.then(() => task(this.#data));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every change queued so far has been written. */
  async settled(): Promise<void> {
    await this.#queue;
  }

  onCommit(listener: CommitListener<z.output<S>>): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #apply<R>(
    change: (draft: z.output<S>) => R | Promise<R>,
    { finish, verify, forget = false }: UpdateChecks<z.output<S>>,
  ) {
    const draft = immer.createDraft(this.#data as object) as z.output<S>;
    const answer = await change(draft);
    // A part of the draft answered by the change (say, the account it updated) outlives the draft.
    const result = (isDraft(answer) ? current(answer as object) : answer) as Awaited<R>;
    const changed = immer.finishDraft(draft) as z.output<S>;
    const finished = finish && changed !== this.#data ? finish(changed, this.#data) : changed;
    const parsed = validateChanges(this.#schema, this.#data, finished);
    if (!parsed.success) throw new InvalidDocumentError(parsed.error.issues);
    await verify?.(parsed.data, this.#data);
    if (this.#keepPrevious && !forget) await this.#keepPreviousCopy();
    // In pieces, the unchanged parts' bytes reused: the whole text is made only when asked for (serialized()).
    await writeAtomically(this.#path, this.#json.bytes(parsed.data));
    if (this.#keepPrevious && forget) await this.#keepPreviousCopy();
    const previous = this.#data;
    this.#data = parsed.data;
    this.#revision += 1;
    this.#revisions.set(parsed.data as object, this.#revision);
    for (const listener of this.#listeners) {
      try {
        listener(parsed.data, previous);
      } catch (error) {
        console.error('A commit listener failed:', error);
      }
    }
    return { data: parsed.data, result };
  }

  /**
   * Writes the opened document when the file holds other bytes than this version writes for it:
   * a file of an older version, its items without the fields added since (which the schema fills
   * in on every start), or pretty-printed. Once, atomically as every change: a crash leaves the
   * file as it was or as it is now, and the next start finds it written. Afterwards the file is
   * what this version writes, so an upgraded site or a restored older backup is as a fresh one.
   * The bytes are the store's own, made once per part and item (part-json.ts): those publishing
   * and the history make at start anyway.
   */
  async #writeInCurrentShape(stored: Buffer) {
    const pieces = this.#json.bytes(this.#data);
    if (sameBytes(pieces, stored)) return;
    if (this.#keepPrevious) await this.#keepPreviousCopy();
    await writeAtomically(this.#path, pieces);
  }

  /** A second name for the committed file: the write below replaces the name, not the bytes. */
  async #keepPreviousCopy() {
    const backup = `${this.#path}.bak`;
    await rm(backup, { force: true });
    await link(this.#path, backup).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/** What `path` holds, parsed, or null when there is no such file (a file holding `null` is not missing). */
async function readStored(path: string): Promise<{ value: unknown; bytes: Buffer } | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const text = bytes.toString('utf8');
  try {
    return { value: JSON.parse(text), bytes };
  } catch (error) {
    throw DamagedDataFileError.unparsable(path, text, error);
  }
}

/** The stored document (or `initial` when there is none) validated: DamagedDataFileError when it does not fit. */
function parseStored<S extends z.ZodType>(
  path: string,
  schema: S,
  initial: () => z.input<S>,
  stored: { value: unknown } | null,
): z.output<S> {
  const parsed = schema.safeParse(stored ? withAddedFields(initial(), stored.value) : initial());
  if (!parsed.success) throw DamagedDataFileError.invalid(path, parsed.error.issues);
  return parsed.data;
}

/** Whether `pieces`, one after the other, are the bytes of `whole`. */
function sameBytes(pieces: readonly Buffer[], whole: Buffer): boolean {
  let offset = 0;
  for (const piece of pieces) {
    const end = offset + piece.length;
    if (end > whole.length || !piece.equals(whole.subarray(offset, end))) return false;
    offset = end;
  }
  return offset === whole.length;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `stored`, with the top-level fields it lacks taken from `initial`. */
function withAddedFields(initial: unknown, stored: unknown): unknown {
  return isObject(initial) && isObject(stored) ? { ...initial, ...stored } : stored;
}

/**
 * `next` validated against `schema`, knowing that `committed` was valid: for an object schema
 * without checks of its own, only the fields that are not the committed ones (by identity) are
 * parsed, with their issues' paths under the field's name; anything else is parsed whole.
 */
function validateChanges<S extends z.ZodType>(
  schema: S,
  committed: z.output<S>,
  next: z.output<S>,
): z.ZodSafeParseResult<z.output<S>> {
  const plainObject = schema instanceof z.ZodObject && !schema._zod.def.checks?.length && !schema._zod.def.catchall;
  if (!plainObject || !isObject(committed) || !isObject(next)) return schema.safeParse(next);
  const shape = schema.shape as Record<string, z.ZodType>;
  const output: Record<string, unknown> = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const [key, field] of Object.entries(shape)) {
    if (Object.hasOwn(committed, key) && next[key] === committed[key]) {
      output[key] = committed[key];
      continue;
    }
    const parsed = validateList(field, committed[key], next[key]) ?? field.safeParse(next[key]);
    if (!parsed.success) issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path: [key, ...issue.path] })));
    else if (parsed.data !== undefined || Object.hasOwn(next, key)) output[key] = parsed.data;
  }
  if (issues.length > 0) return { success: false, error: new z.ZodError(issues) } as z.ZodSafeParseResult<z.output<S>>;
  return { success: true, data: output as z.output<S> };
}

/**
 * A changed list validated item by item: the items that are the committed ones (by identity) are
 * kept as they are, only the others are parsed, and the list's own checks (its length) run on the
 * list with its items unparsed. Null when `field` is not a plain array schema (perhaps with a
 * default) or the list is new: then it is parsed whole.
 */
function validateList(field: z.ZodType, committed: unknown, next: unknown): z.ZodSafeParseResult<unknown> | null {
  const list = field instanceof z.ZodDefault ? field._zod.def.innerType : field;
  if (!(list instanceof z.ZodArray) || !Array.isArray(committed) || !Array.isArray(next)) return null;
  const shape = list.clone({ ...list._zod.def, element: z.unknown() });
  const checked = shape.safeParse(next);
  if (!checked.success) return checked;
  const fresh = new Set(itemsNotIn(next, committed));
  const element = list._zod.def.element as z.ZodType;
  const items: unknown[] = [];
  const issues: z.core.$ZodIssue[] = [];
  for (const [index, item] of next.entries()) {
    if (!fresh.has(item)) {
      items.push(item);
      continue;
    }
    const parsed = element.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })));
  }
  if (issues.length > 0) return { success: false, error: new z.ZodError(issues) } as z.ZodSafeParseResult<unknown>;
  return { success: true, data: items } as z.ZodSafeParseResult<unknown>;
}
