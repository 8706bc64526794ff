/**
 * fast-check arbitraries from JSON Schema (2020-12, as OpenAPI 3.1 and zod's `toJSONSchema` write
 * it): `valid(schema)` makes values the schema accepts, `invalid(schema)` values it refuses, each
 * with the mutation that made it ("/title: longer than maxLength 200"). Both shrink.
 *
 * What is understood: $ref (into the root given), type (and type arrays such as
 * ["string", "null"]), const, enum, anyOf/oneOf, allOf (merged), properties, required,
 * additionalProperties, propertyNames, items, prefixItems, minItems/maxItems, uniqueItems,
 * minLength/maxLength, pattern, format (email, date-time, date, time, uri, uuid), minimum/maximum
 * and their exclusive forms, multipleOf, `{ not: {} }` (a property that must be absent). Other
 * keywords are ignored by `valid` (its values may then fail them: the unit test would say so).
 * Lengths are counted in code points, as JSON Schema counts them.
 *
 * No npm package does this for fast-check 4 and 2020-12 (json-schema-fast-check is for fast-check
 * 1; json-schema-faker and openapi-fuzzer-core draw with their own randomness, so nothing shrinks).
 */
import fc from 'fast-check';

export type Schema = boolean | SchemaObject;
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema;
  propertyNames?: Schema;
  items?: Schema;
  prefixItems?: Schema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  [keyword: string]: unknown;
}

/** A value the schema refuses, and what was done to a valid one to make it. */
export interface Mutated {
  value: unknown;
  mutation: string;
}

/** A way to break a schema, and the JSON types of the values it makes. */
interface Tagged {
  types: JsonType[];
  arbitrary: fc.Arbitrary<Mutated>;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';
const JSON_TYPES: JsonType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];

/** Generated strings and arrays stay about this small, but for the schema's own bounds. */
const SHORT = 24;
const FEW = 3;
/** Deeper than the API's deepest body (the content's settings' translations' calendar entries), to catch a recursive $ref. */
const MAX_DEPTH = 8;

/** A value of each type, to put where the schema wants another. */
const SAMPLE: Record<JsonType, fc.Arbitrary<unknown>> = {
  string: fc.constantFrom('x', '', '0', 'true', 'null'),
  number: fc.constantFrom(1.5, -0.25, 1e-7),
  integer: fc.constantFrom(0, -1, 42),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.constantFrom([], ['x']),
  object: fc.constantFrom({}, { x: 1 }),
};

const codePoints = (text: string) => [...text].length;
/** ajv compiles patterns with the `u` flag: so do we, to mean the same. */
const regexOf = (pattern: string) => new RegExp(pattern, 'u');
const at = (path: string, key: string | number) => `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
const where = (path: string) => path || '(the value)';

/** Values worth trying for a property of this name (ids of things that exist, say). */
export type Hints = (property: string) => readonly string[];

export class SchemaArbitraries {
  readonly #root: unknown;
  readonly #hints: Hints;

  /**
   * `root`: what `$ref`s point into (the OpenAPI document, or the schema itself). `hints`: values
   * a string property of that name gets now and then, those its schema accepts.
   */
  constructor(root: unknown, hints: Hints = () => []) {
    this.#root = root;
    this.#hints = hints;
  }

  /** Values `schema` accepts. */
  valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    if (schema === true) return fc.jsonValue({ maxDepth: 1 });
    if (schema === false) throw new Error('No value is valid by the schema `false`');
    if (depth > MAX_DEPTH) throw new Error('The schema is nested too deep (a recursive $ref?)');
    const s = this.#flatten(schema);
    if ('const' in s) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const branches = s.anyOf ?? s.oneOf;
    if (branches) {
      const rest = without(s, 'anyOf', 'oneOf');
      return fc.oneof(
        ...branches
          .filter((branch) => branch !== false)
          .map((branch) => this.valid(merge(rest, this.#branch(branch)), depth + 1)),
      );
    }
    const types = typesOf(s);
    if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
    return fc.oneof(...types.map((type) => this.#validOfType(s, type, depth)));
  }

  /** Values `schema` refuses, or null when it accepts every value. */
  invalid(schema: Schema, path = '', depth = 0): fc.Arbitrary<Mutated> | null {
    const mutations = this.#mutations(schema, path, depth);
    return mutations.length > 0 ? fc.oneof(...mutations.map(({ arbitrary }) => arbitrary)) : null;
  }

  /** The ways to break `schema`, each with the JSON types of the values it makes. */
  #mutations(schema: Schema, path: string, depth: number): Tagged[] {
    if (schema === true || depth > MAX_DEPTH) return [];
    if (schema === false)
      return [
        {
          types: JSON_TYPES,
          arbitrary: fc.constant({ value: null, mutation: `${where(path)}: any value (the schema is false)` }),
        },
      ];
    const s = this.#flatten(schema);
    const mutations: Tagged[] = [];
    const allowed = this.#allowedTypes(s);
    if (allowed) {
      const wrong = JSON_TYPES.filter((type) => !allowed.has(type) && !(type === 'integer' && allowed.has('number')));
      for (const type of wrong) {
        const arbitrary = SAMPLE[type].map((value) => ({
          value,
          mutation: `${where(path)}: a ${type}, not ${[...allowed].join(' or ')}`,
        }));
        mutations.push({ types: type === 'integer' ? ['integer', 'number'] : [type], arbitrary });
      }
    }
    if ('const' in s) {
      const arbitrary = fc
        .jsonValue({ maxDepth: 1 })
        .filter((value) => !sameJson(value, s.const))
        .map((value) => ({ value, mutation: `${where(path)}: not the constant ${JSON.stringify(s.const)}` }));
      mutations.push({ types: JSON_TYPES, arbitrary });
    } else if (s.enum) {
      const members = s.enum;
      const strings = members.every((member) => typeof member === 'string');
      const outsider = strings ? fc.string({ maxLength: SHORT }) : fc.jsonValue({ maxDepth: 1 });
      const arbitrary = outsider
        .filter((value) => !members.some((member) => sameJson(member, value)))
        .map((value) => ({ value, mutation: `${where(path)}: not one of ${JSON.stringify(members)}` }));
      mutations.push({ types: strings ? ['string'] : JSON_TYPES, arbitrary });
    } else if (s.anyOf || s.oneOf) {
      mutations.push(...this.#branchMutations(s, path, depth));
    } else {
      // One keyword of one of its types broken: a string too long is no null either.
      const types = typesOf(s);
      for (const type of types) {
        if (type === 'integer' && types.includes('number')) continue;
        const tags: JsonType[] = type === 'integer' || type === 'number' ? ['integer', 'number'] : [type];
        mutations.push(
          ...this.#keywordMutations(s, type, path, depth).map((arbitrary) => ({ types: tags, arbitrary })),
        );
      }
    }
    return mutations;
  }

  /**
   * A value one branch refuses, of a type no other branch takes, is refused by all: an image
   * `{ anyOf: [ImageRef, null] }` without its imageId, say.
   */
  #branchMutations(s: SchemaObject, path: string, depth: number): Tagged[] {
    const rest = without(s, 'anyOf', 'oneOf');
    const branches = (s.anyOf ?? s.oneOf)!.map((branch) => merge(rest, this.#branch(branch)));
    const types = branches.map((branch) => this.#allowedTypes(branch));
    return branches.flatMap((branch, index) => {
      const others = types.filter((_, other) => other !== index);
      if (others.some((set) => set === null)) return [];
      const takenElsewhere = (tags: JsonType[]) => tags.some((type) => others.some((set) => set!.has(type)));
      return this.#mutations(branch, path, depth + 1).filter(({ types }) => !takenElsewhere(types));
    });
  }

  /** The schema with its `$ref` followed and its `allOf` merged in. */
  #flatten(schema: SchemaObject): SchemaObject {
    let s = schema;
    for (let hops = 0; s.$ref; hops++) {
      if (hops > 20) throw new Error(`A $ref loop at ${schema.$ref}`);
      s = merge(without(s, '$ref'), this.#resolve(s.$ref));
    }
    if (s.allOf) {
      s = s.allOf.reduce<SchemaObject>(
        (merged, part) => merge(merged, this.#flatten(part === true ? {} : (part as SchemaObject))),
        without(s, 'allOf'),
      );
    }
    return s;
  }

  /** A branch of anyOf/oneOf as a schema object (`false`: one no value passes). */
  #branch(branch: Schema): SchemaObject {
    if (branch === true) return {};
    if (branch === false) return { not: {} };
    return this.#flatten(branch);
  }

  #resolve(ref: string): SchemaObject {
    if (!ref.startsWith('#')) throw new Error(`Only $refs inside the document are followed, not ${ref}`);
    let node: unknown = this.#root;
    for (const part of ref.slice(1).split('/').filter(Boolean)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Record<string, unknown> | undefined)?.[key];
    }
    if (node === undefined || typeof node !== 'object') throw new Error(`The $ref ${ref} points at nothing`);
    return node as SchemaObject;
  }

  /** The JSON types a value may have by `s` (with its branches), or null when any may do. */
  #allowedTypes(s: SchemaObject): Set<JsonType> | null {
    if ('const' in s || s.enum) {
      const members = 'const' in s ? [s.const] : s.enum!;
      return new Set(members.flatMap(jsonTypesOf));
    }
    const branches = s.anyOf ?? s.oneOf;
    if (branches) {
      const sets = branches.map((branch) =>
        typeof branch === 'boolean' ? null : this.#allowedTypes(this.#flatten(branch)),
      );
      if (sets.some((set) => set === null)) return null;
      const union = new Set(sets.flatMap((set) => [...set!]));
      // A branch's own type keyword and the parent's both apply: keep the parent's narrowing.
      const own = typesOf(s);
      return own.length > 0 ? new Set([...union].filter((type) => own.includes(type))) : union;
    }
    const types = typesOf(s);
    return types.length > 0 ? new Set(types) : null;
  }

  #validOfType(s: SchemaObject, type: JsonType, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number':
        return numbers(s, type === 'integer');
      case 'string':
        return strings(s);
      case 'array':
        return this.#arrays(s, depth);
      case 'object':
        return this.#objects(s, depth);
    }
  }

  #arrays(s: SchemaObject, depth: number): fc.Arbitrary<unknown[]> {
    const prefix = (s.prefixItems ?? []).map((item) => this.valid(item, depth + 1));
    const minLength = Math.max(0, (s.minItems ?? 0) - prefix.length);
    const maxTotal = s.maxItems ?? Number.POSITIVE_INFINITY;
    if (s.items === false || maxTotal <= prefix.length)
      return fc.tuple(...prefix).map((items) => items.slice(0, maxTotal));
    const item =
      s.items === undefined || s.items === true ? fc.jsonValue({ maxDepth: 1 }) : this.valid(s.items, depth + 1);
    const maxLength = Math.min(maxTotal - prefix.length, minLength + FEW);
    const rest = s.uniqueItems
      ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
      : fc.array(item, { minLength, maxLength });
    return fc.tuple(fc.tuple(...prefix), rest).map(([head, tail]) => [...head, ...tail]);
  }

  #objects(s: SchemaObject, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = Object.entries(s.properties ?? {}).filter(([, schema]) => !mustBeAbsent(schema));
    const required = new Set(s.required ?? []);
    const model = Object.fromEntries(properties.map(([name, schema]) => [name, this.#hinted(name, schema, depth)]));
    const known = fc.record(model, {
      requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
    });
    const extra = s.additionalProperties;
    if (properties.length > 0 || extra === undefined || typeof extra === 'boolean') return known;
    // A dictionary (zod's record): keys by `propertyNames`, values by `additionalProperties`.
    const keys = s.propertyNames ? this.valid(s.propertyNames, depth + 1) : fc.string({ minLength: 1, maxLength: 12 });
    const names = new Set(properties.map(([name]) => name));
    return fc
      .tuple(
        known,
        fc.dictionary(
          keys.filter((key): key is string => typeof key === 'string' && !names.has(key)),
          this.valid(extra, depth + 1),
          { maxKeys: FEW },
        ),
      )
      .map(([own, more]) => ({ ...more, ...own }));
  }

  #keywordMutations(s: SchemaObject, type: JsonType, path: string, depth: number): fc.Arbitrary<Mutated>[] {
    const mutations: fc.Arbitrary<Mutated>[] = [];
    const say = (what: string) => (value: unknown) => ({ value, mutation: `${where(path)}: ${what}` });
    if (type === 'string') {
      const ascii = (length: number) => fc.string({ unit: 'grapheme-ascii', minLength: length, maxLength: length });
      if (s.maxLength !== undefined && s.maxLength < 1_000_000) {
        mutations.push(
          fc
            .integer({ min: 1, max: 3 })
            .chain((over) => ascii(s.maxLength! + over))
            .map(say(`longer than maxLength ${s.maxLength}`)),
        );
      }
      if (s.minLength) mutations.push(ascii(s.minLength - 1).map(say(`shorter than minLength ${s.minLength}`)));
      if (s.pattern) {
        const regex = regexOf(s.pattern);
        const near =
          s.maxLength === undefined
            ? fc.string({ maxLength: SHORT })
            : fc.string({ maxLength: Math.min(SHORT, s.maxLength) });
        mutations.push(near.filter((text) => !regex.test(text)).map(say(`not matching ${s.pattern}`)));
      }
      const wrongFormat = WRONG_FORMAT[s.format ?? ''];
      if (wrongFormat) mutations.push(fc.constantFrom(...wrongFormat).map(say(`not a ${s.format}`)));
    }
    if (type === 'integer' || type === 'number') {
      const low = s.exclusiveMinimum ?? s.minimum;
      const high = s.exclusiveMaximum ?? s.maximum;
      if (low !== undefined && low > -Number.MAX_SAFE_INTEGER) {
        const below = s.exclusiveMinimum === undefined ? low - 1 : low;
        mutations.push(fc.constantFrom(below, low - 1000).map(say(`below the minimum ${low}`)));
      }
      if (high !== undefined && high < Number.MAX_SAFE_INTEGER) {
        const above = s.exclusiveMaximum === undefined ? high + 1 : high;
        mutations.push(fc.constantFrom(above, high + 1000).map(say(`above the maximum ${high}`)));
      }
      if (type === 'integer') {
        mutations.push(
          numbers(s, true)
            .map((n) => (n as number) + 0.5)
            .filter((n) => !Number.isInteger(n) && withinBounds(s, n))
            .map(say('not an integer')),
        );
      }
      if (s.multipleOf && type === 'number') {
        const step = s.multipleOf;
        mutations.push(
          numbers(s, false)
            .map((n) => (n as number) + step / 2)
            .filter((n) => withinBounds(s, n) && !isMultiple(n, step))
            .map(say(`not a multiple of ${step}`)),
        );
      }
    }
    if (type === 'array') {
      const item =
        s.items === undefined || typeof s.items === 'boolean' ? fc.constant(null) : this.valid(s.items, depth + 1);
      if (s.maxItems !== undefined && s.maxItems < 1000 && s.items !== false) {
        mutations.push(
          fc
            .array(item, { minLength: s.maxItems + 1, maxLength: s.maxItems + 2 })
            .map(say(`more than maxItems ${s.maxItems} items`)),
        );
      }
      if (s.minItems) {
        mutations.push(
          this.#arrays({ ...s, minItems: 0, maxItems: s.minItems - 1 }, depth).map(
            say(`fewer than minItems ${s.minItems} items`),
          ),
        );
      }
      const wrongItem =
        typeof s.items === 'object' && !s.prefixItems ? this.invalid(s.items, at(path, 0), depth + 1) : null;
      if (wrongItem) {
        const sized = {
          ...s,
          minItems: Math.max(0, (s.minItems ?? 1) - 1),
          maxItems: Math.max(0, (s.maxItems ?? FEW) - 1),
        };
        mutations.push(
          fc
            .tuple(wrongItem, this.#arrays(sized, depth))
            .map(([bad, rest]) => ({ value: [bad.value, ...rest], mutation: bad.mutation })),
        );
      }
    }
    if (type === 'object') mutations.push(...this.#invalidObjects(s, path, depth));
    return mutations;
  }

  /** A property's values, the hints for its name among them when its schema takes them. */
  #hinted(name: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const valid = this.valid(schema, depth + 1);
    const s = typeof schema === 'object' ? this.#flatten(schema) : {};
    const hints = this.#hints(name).filter((hint) => fitsString(s, hint));
    if (hints.length === 0) return valid;
    return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...hints) }, { weight: 1, arbitrary: valid });
  }

  #invalidObjects(s: SchemaObject, path: string, depth: number): fc.Arbitrary<Mutated>[] {
    const mutations: fc.Arbitrary<Mutated>[] = [];
    const valid = this.#objects(s, depth);
    for (const name of s.required ?? []) {
      mutations.push(
        valid.map((object) => {
          const { [name]: _dropped, ...rest } = object;
          return { value: rest, mutation: `${at(path, name)}: the required field left out` };
        }),
      );
    }
    for (const [name, schema] of Object.entries(s.properties ?? {})) {
      const wrong = mustBeAbsent(schema)
        ? fc.constant({ value: 'x', mutation: `${at(path, name)}: a field that must be absent` })
        : this.invalid(schema, at(path, name), depth + 1);
      if (!wrong) continue;
      mutations.push(
        fc
          .tuple(valid, wrong)
          .map(([object, bad]) => ({ value: { ...object, [name]: bad.value }, mutation: bad.mutation })),
      );
    }
    const names = new Set(Object.keys(s.properties ?? {}));
    const unknownName = fc.constantFrom('unknownField', '__proto__x', 'x-extra').filter((name) => !names.has(name));
    if (s.additionalProperties === false) {
      mutations.push(
        fc.tuple(valid, unknownName, fc.jsonValue({ maxDepth: 1 })).map(([object, name, value]) => ({
          value: { ...object, [name]: value },
          mutation: `${at(path, name)}: a field the schema does not have`,
        })),
      );
    } else if (typeof s.additionalProperties === 'object' && !s.propertyNames) {
      const wrong = this.invalid(s.additionalProperties, at(path, 'unknownField'), depth + 1);
      if (wrong) {
        mutations.push(
          fc.tuple(valid, unknownName, wrong).map(([object, name, bad]) => ({
            value: { ...object, [name]: bad.value },
            mutation: bad.mutation.replace('unknownField', name),
          })),
        );
      }
    }
    return mutations;
  }
}

/** The value is not valid JSON Schema-wise for its format, whatever else. */
const WRONG_FORMAT: Record<string, string[]> = {
  email: ['not an address', 'a@', '@b.example'],
  'date-time': ['yesterday', '2024-13-40T25:61:00Z', '2024-01-01'],
  date: ['yesterday', '2024-13-40', '01/02/2024'],
  time: ['noon', '25:61:00'],
  uri: ['not a uri', '//no-scheme'],
  uuid: ['not-a-uuid', '00000000-0000-0000-0000'],
};

const without = (s: SchemaObject, ...keys: string[]): SchemaObject => {
  const copy = { ...s };
  for (const key of keys) delete copy[key];
  return copy;
};

/** Both schemas' keywords (as allOf means): properties and required joined, the rest the second's. */
function merge(a: SchemaObject, b: SchemaObject): SchemaObject {
  const merged: SchemaObject = { ...a, ...b };
  if (a.properties && b.properties) merged.properties = { ...a.properties, ...b.properties };
  if (a.required && b.required) merged.required = [...new Set([...a.required, ...b.required])];
  if (a.type && b.type) {
    const types = typesOf(b);
    merged.type = typesOf(a).filter((type) => types.includes(type) || (type === 'integer' && types.includes('number')));
  }
  return merged;
}

function typesOf(s: SchemaObject): JsonType[] {
  if (s.type) return (Array.isArray(s.type) ? s.type : [s.type]) as JsonType[];
  // Keywords that only one type has say which it is.
  if (s.properties || s.required || s.additionalProperties !== undefined) return ['object'];
  if (s.items !== undefined || s.prefixItems) return ['array'];
  if (s.pattern || s.minLength !== undefined || s.maxLength !== undefined || s.format) return ['string'];
  return [];
}

function jsonTypesOf(value: unknown): JsonType[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['number', 'integer'] : ['number'];
  return [typeof value as JsonType];
}

const mustBeAbsent = (schema: Schema) =>
  schema === false ||
  (typeof schema === 'object' &&
    schema.not !== undefined &&
    (schema.not === true || Object.keys(schema.not).length === 0));

/** Whether a plain string schema (no branches, no format) takes `text`. */
function fitsString(s: SchemaObject, text: string): boolean {
  if (s.anyOf || s.oneOf || s.format || 'const' in s || !typesOf(s).includes('string')) return false;
  const length = codePoints(text);
  if (s.enum && !s.enum.includes(text)) return false;
  if (s.pattern && !regexOf(s.pattern).test(text)) return false;
  return length >= (s.minLength ?? 0) && length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isMultiple = (n: number, step: number) => Math.abs(n / step - Math.round(n / step)) < 1e-9;

function withinBounds(s: SchemaObject, n: number): boolean {
  if (s.minimum !== undefined && n < s.minimum) return false;
  if (s.maximum !== undefined && n > s.maximum) return false;
  if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return false;
  if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum) return false;
  return true;
}

function numbers(s: SchemaObject, integer: boolean): fc.Arbitrary<number> {
  const limit = Number.MAX_SAFE_INTEGER;
  if (integer) {
    const min = Math.max(
      -limit,
      s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : Math.ceil(s.minimum ?? -limit),
    );
    const max = Math.min(
      limit,
      s.exclusiveMaximum !== undefined ? Math.ceil(s.exclusiveMaximum) - 1 : Math.floor(s.maximum ?? limit),
    );
    const step = s.multipleOf && Number.isInteger(s.multipleOf) ? s.multipleOf : 1;
    const small = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) });
    const any = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
    const arbitrary =
      Math.max(min, -1000) <= Math.min(max, 1000)
        ? fc.oneof(small, any, fc.constantFrom(min, max))
        : fc.oneof(any, fc.constantFrom(min, max));
    if (step === 1) return arbitrary;
    return arbitrary.map((n) => Math.ceil(n / step) * step).filter((n) => n <= max);
  }
  const low = s.exclusiveMinimum ?? s.minimum;
  const high = s.exclusiveMaximum ?? s.maximum;
  const doubles = fc.double({
    min: low ?? -1e15,
    max: high ?? 1e15,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
  // JSON has no -0: it would be sent as 0.
  const plain = doubles.map((n) => (Object.is(n, -0) ? 0 : n));
  if (!s.multipleOf) return plain;
  const step = s.multipleOf;
  return plain.map((n) => Math.round(n / step) * step).filter((n) => withinBounds(s, n));
}

/** Strings by format, by pattern or by length; at the bounds of their length now and then. */
function strings(s: SchemaObject): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (text: string) => {
    const length = codePoints(text);
    return length >= min && length <= max;
  };
  const regex = s.pattern ? regexOf(s.pattern) : undefined;
  const formatted = FORMATS[s.format ?? ''];
  if (formatted) return formatted.filter((text) => fits(text) && (!regex || regex.test(text)));
  if (regex) {
    return fc.stringMatching(regex, Number.isFinite(max) ? { maxLength: max } : {}).filter(fits);
  }
  const upTo = (length: number) => Math.max(min, Math.min(max, length));
  const text = (unit: 'binary' | 'grapheme-ascii', maxLength: number) => fc.string({ unit, minLength: min, maxLength });
  return fc.oneof(
    { weight: 6, arbitrary: text('grapheme-ascii', upTo(min + SHORT)) },
    { weight: 2, arbitrary: text('binary', upTo(min + SHORT)) },
    // The bounds themselves: the longest string allowed, the shortest.
    {
      weight: 1,
      arbitrary: Number.isFinite(max)
        ? fc.string({ unit: 'grapheme-ascii', minLength: max, maxLength: max })
        : text('grapheme-ascii', min),
    },
  );
}

const dates = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  'date-time': dates.map((date) => date.toISOString()),
  date: dates.map((date) => date.toISOString().slice(0, 10)),
  time: dates.map((date) => `${date.toISOString().slice(11, 19)}Z`),
  uri: fc.webUrl(),
  uuid: fc.uuid(),
};
