/**
 * The schema → arbitrary converter of the OpenAPI fuzzer (./arbitraries.ts): what `valid` makes,
 * ajv (2020-12, with formats) accepts; what `invalid` makes, ajv refuses. Checked on schemas that
 * use each keyword, and on every request schema of the API's own document.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../admin-api/openapi/document.ts';
import { DocumentChecker } from '../../support/openapi-check.ts';
import { inertApp } from '../support.ts';
import { type Schema, SchemaArbitraries } from './arbitraries.ts';
import { requestSchemas } from './operations.ts';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const SEED = 24;

/** Checks `samples` values of each kind of `schema` (its `$ref`s into `root`) with `problem`. */
function holds(schema: Schema, root: unknown, problem: (value: unknown) => string | null, samples = 60) {
  const arbitraries = new SchemaArbitraries(root);
  fc.assert(
    fc.property(arbitraries.valid(schema), (value) => {
      expect(problem(value), JSON.stringify(value)).toBeNull();
    }),
    { seed: SEED, numRuns: samples },
  );
  const invalid = arbitraries.invalid(schema);
  if (!invalid) return;
  fc.assert(
    fc.property(invalid, ({ value, mutation }) => {
      expect(problem(value), `${mutation}: ${JSON.stringify(value)}`).not.toBeNull();
    }),
    { seed: SEED, numRuns: samples },
  );
}

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const byAjv = (schema: Schema) => {
  const validate = ajv.compile(schema as object);
  return (value: unknown) => (validate(value) ? null : ajv.errorsText(validate.errors));
};

const SCHEMAS: Record<string, Schema> = {
  'an object with required and optional fields': {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 20 },
      count: { type: 'integer', minimum: 1, maximum: 10 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      done: { type: 'boolean' },
    },
    required: ['title', 'count'],
  },
  'a closed object': {
    type: 'object',
    properties: { a: { type: 'string' } },
    additionalProperties: false,
  },
  'a dictionary': {
    type: 'object',
    propertyNames: { type: 'string', pattern: '^[a-z]+$' },
    additionalProperties: { type: 'integer' },
  },
  'enum and const': {
    type: 'object',
    properties: { status: { type: 'string', enum: ['draft', 'published'] }, kind: { const: 'news' } },
    required: ['status', 'kind'],
  },
  'a pattern with lengths': {
    type: 'string',
    pattern: '^\\+?[0-9][0-9 ()./-]{4,28}[0-9]$',
    minLength: 1,
    maxLength: 40,
  },
  'an item id': { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
  'a long text': { type: 'string', maxLength: 5000 },
  'nullable by type array': { type: ['string', 'null'], maxLength: 5 },
  'nullable object by anyOf': {
    anyOf: [
      {
        type: 'object',
        properties: { imageId: { type: 'string', pattern: '^[a-f0-9]{4}\\.png$' } },
        required: ['imageId'],
      },
      { type: 'null' },
    ],
  },
  'oneOf of distinct types': {
    oneOf: [
      { type: 'integer', minimum: 0 },
      { type: 'string', format: 'date' },
    ],
  },
  'allOf merged': {
    allOf: [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] },
    ],
  },
  arrays: {
    type: 'array',
    items: { type: 'object', properties: { x: { type: 'string', maxLength: 3 } }, required: ['x'] },
    minItems: 1,
    maxItems: 4,
  },
  'unique items': { type: 'array', items: { type: 'integer', minimum: 0, maximum: 5 }, uniqueItems: true, maxItems: 3 },
  tuples: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
  formats: {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      at: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      link: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
    },
    required: ['email', 'at', 'day', 'link', 'id'],
  },
  'multiples and big integers': {
    type: 'object',
    properties: {
      step: { type: 'number', multipleOf: 0.5, minimum: 0, maximum: 10 },
      big: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
    },
    required: ['step', 'big'],
  },
  'a field that must be absent': { type: 'object', properties: { a: { type: 'string' }, gone: { not: {} } } },
  'anything at all': {},
};

describe('the schema → arbitrary converter of the OpenAPI fuzzer', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`makes values ajv accepts, and mutations it refuses: ${name}`, () => {
      holds(schema, schema, byAjv(schema));
    });
  }

  it('follows $refs into the root it is given', () => {
    const root = {
      components: { schemas: { Ref: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } } },
    };
    const schema = { type: 'array', items: { $ref: '#/components/schemas/Ref' }, minItems: 1 };
    holds(schema, root, byAjv({ ...schema, items: root.components.schemas.Ref }));
  });

  it('makes values and mutations right for every request schema of the API’s document', async () => {
    const document = await openApiDocument(inertApp());
    const checker = new DocumentChecker(document);
    const schemas = requestSchemas(document);
    expect(schemas.length).toBeGreaterThan(0);
    for (const { location, schema } of schemas) {
      holds(schema, document, (value) => checker.schemaProblem(location, value), 25);
    }
  });
});
