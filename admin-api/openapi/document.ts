/**
 * The OpenAPI 3.1 document of the API, generated from the calls' descriptions (`op(…)` in each
 * route module, openapi/operation.ts) and the paths the server routes: no part is written twice.
 */
import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  DOCUMENT_ID_PATTERN,
  IMAGE_ID_PATTERN,
  ITEM_ID_PATTERN,
  LEADERSHIP_ROLES,
} from '../../site/contract/content.ts';
import { PAGE_SLUGS } from '../../site/contract/pages.ts';
import { TAGS } from './tags.ts';

type Parameter = Omit<OpenAPIV3_1.ParameterObject, 'name' | 'in'>;
const pattern = (regex: RegExp) => ({ type: 'string', pattern: regex.source }) as const;

/**
 * The path parameters of the API by name: a path naming one that is neither here nor in its call's
 * own `params` fails the document.
 */
const PATH_PARAMETERS: Record<string, Parameter> = {
  id: { description: 'The id the server gave the item (a UUID).', schema: pattern(ITEM_ID_PATTERN) },
  imageId: { description: 'The id of an uploaded image.', schema: pattern(IMAGE_ID_PATTERN) },
  documentId: { description: 'The id of an uploaded PDF document.', schema: pattern(DOCUMENT_ID_PATTERN) },
  name: { description: 'A stored file’s name, as the public site links it.', schema: { type: 'string' } },
  slug: { description: 'Which page.', schema: { type: 'string', enum: [...PAGE_SLUGS] } },
  username: { description: 'The account’s username.', schema: { type: 'string' } },
  version: { description: 'The number of a kept version of the content.', schema: { type: 'integer', minimum: 1 } },
  kind: { description: 'What is previewed: news, events, circulars or pages.', schema: { type: 'string' } },
  role: { description: 'Which leader.', schema: { type: 'string', enum: [...LEADERSHIP_ROLES] } },
};

export const API_INFO = {
  title: 'School website API',
  version: '1.0.0',
  description:
    'The API of the school’s website: what the public pages read, what visitors send, and what the dashboard uses to keep the site current. ' +
    'Send JSON with `Content-Type: application/json`. Calls that change things need `Authorization: Bearer <token>`, ' +
    'the token `POST /api/admin/login` answers; each says which roles may call it. Every refusal is JSON `{ "message": "…" }` ' +
    'with a sentence for a person. Saves that send the `version` they started from (or `If-Match`) are refused with 412 when someone changed the thing since.',
};

/** The document of `app`, as served at /api/openapi.json. */
export async function openApiDocument(app: Hono): Promise<OpenAPIV3_1.Document> {
  const document = (await generateSpecs(app, {
    // Some calls' paths end in .json or .csv: they are calls all the same.
    excludeStaticFile: false,
    documentation: {
      info: API_INFO,
      tags: TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token of POST /api/admin/login, valid for 24 hours.',
          },
        },
      },
    },
  })) as OpenAPIV3_1.Document;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      const own = new Set(
        (operation.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.flatMap((parameter) =>
          parameter.in === 'path' ? [parameter.name] : [],
        ),
      );
      const usual = pathParameters(path).filter((parameter) => !own.has(parameter.name));
      operation.parameters = [...usual, ...(operation.parameters ?? [])];
    }
  }
  return document;
}

function pathParameters(path: string): OpenAPIV3_1.ParameterObject[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const parameter = PATH_PARAMETERS[name!];
    if (!parameter)
      throw new Error(`The path parameter {${name}} of ${path} has no description in openapi/document.ts`);
    return { name: name!, in: 'path', required: true, ...parameter };
  });
}
