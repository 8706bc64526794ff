/**
 * The operations of an OpenAPI 3.1 document as the fuzzer needs them: method, path template,
 * whether a token is needed, the parameters and the request body, each with its schema and where
 * that schema is in the document (for ajv, tests/support/openapi-check.ts).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Schema } from './arbitraries.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
  /** Where the schema is in the document. */
  location: string[];
}

export interface RequestBody {
  media: string;
  required: boolean;
  schema: Schema;
  location: string[];
  /** The document's example of the body, if it gives one. */
  example?: unknown;
}

export interface Operation {
  /** "PUT /api/events/{id}" */
  key: string;
  method: string;
  template: string;
  /** A token is needed (the operation names a security scheme). */
  secured: boolean;
  parameters: Parameter[];
  /** The bodies it takes, by media type (JSON first). */
  bodies: RequestBody[];
  /** The statuses the document lets it answer. */
  statuses: string[];
  /** Its 200 answer is JSON. */
  answersJson: boolean;
}

export function operationsOf(document: OpenAPIV3_1.Document): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => {
      const operation = item![method]!;
      const at = ['paths', template, method];
      const security = operation.security ?? document.security ?? [];
      return {
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        // An empty requirement among them makes the token optional (OpenAPI's rule).
        secured: security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0),
        parameters: parametersOf(document, [
          ...(item!.parameters ?? []).map((p, i) => [p, ['paths', template, 'parameters', String(i)]] as const),
          ...(operation.parameters ?? []).map((p, i) => [p, [...at, 'parameters', String(i)]] as const),
        ]),
        bodies: bodiesOf(document, operation.requestBody, [...at, 'requestBody']),
        statuses: Object.keys(operation.responses ?? {}),
        answersJson: Boolean(
          (operation.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined)?.content?.['application/json'],
        ),
      };
    }),
  );
}

/** Every schema a request is made from, with where it is: what the converter's test checks. */
export function requestSchemas(document: OpenAPIV3_1.Document): { location: string[]; schema: Schema }[] {
  return operationsOf(document).flatMap((operation) => [
    ...operation.parameters.map(({ location, schema }) => ({ location, schema })),
    ...operation.bodies
      .filter(({ media }) => media === 'application/json')
      .map(({ location, schema }) => ({ location, schema })),
  ]);
}

type Located<T> = readonly [T | OpenAPIV3_1.ReferenceObject, readonly string[]];

function parametersOf(document: OpenAPIV3_1.Document, found: Located<OpenAPIV3_1.ParameterObject>[]): Parameter[] {
  const parameters = new Map<string, Parameter>();
  for (const [reference, location] of found) {
    const [parameter, at] = dereference(document, reference, location);
    if (parameter.in === 'cookie') continue;
    // An operation's own parameter replaces the path item's of the same name.
    parameters.set(`${parameter.in} ${parameter.name}`, {
      name: parameter.name,
      in: parameter.in as Parameter['in'],
      required: parameter.in === 'path' || Boolean(parameter.required),
      schema: (parameter.schema ?? {}) as Schema,
      location: [...at, 'schema'],
    });
  }
  return [...parameters.values()];
}

function bodiesOf(
  document: OpenAPIV3_1.Document,
  reference: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ReferenceObject | undefined,
  location: string[],
): RequestBody[] {
  if (!reference) return [];
  const [body, at] = dereference(document, reference, location);
  return Object.entries(body.content ?? {})
    .map(([media, content]) => ({
      media,
      required: Boolean(body.required),
      schema: (content.schema ?? {}) as Schema,
      location: [...at, 'content', media, 'schema'],
      example: content.example,
    }))
    .sort((a, b) => Number(b.media === 'application/json') - Number(a.media === 'application/json'));
}

/** `value` itself, or what its `$ref` points at, and where that is. */
function dereference<T extends object>(
  document: OpenAPIV3_1.Document,
  value: T | OpenAPIV3_1.ReferenceObject,
  location: readonly string[],
): [T, string[]] {
  if (!('$ref' in value)) return [value as T, [...location]];
  const path = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = document;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  return dereference(document, node as T, path);
}
