/**
 * One API call described where it is defined. `operations(deps)` gives `op(spec)`: a middleware
 * that lets through only the roles `spec.permission` names (auth/require-admin.ts) and that
 * carries the call's OpenAPI description, which `openapi/document.ts` collects from the routes.
 * The role the document states is the role the server checks: they are the same value.
 *
 *     .put('/settings', op({ tag: 'Content', summary: 'Change the school details',
 *                            permission: 'content', body: SettingsInput, answers: { 200: … } }), handler)
 */
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type DescribeRouteOptions, describeRoute, resolver, uniqueSymbol } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as z from 'zod';
import { ErrorAnswer } from '../../site/contract/api.ts';
import { PERMISSIONS, type Permission, ROLES, rolesText } from '../../site/contract/roles.ts';
import { type AdminEnv, permissions } from '../auth/require-admin.ts';
import type { Tag } from './tags.ts';

/** An answer of the call: a JSON schema, or a file of another media type (`schema` absent). */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  /** Default `application/json`; several when the file is sent in the type it was stored in; null: no body (304). */
  media?: string | readonly string[] | null;
  example?: unknown;
  headers?: Record<string, string>;
}

export interface OperationSpec {
  tag: Tag;
  summary: string;
  description?: string;
  /** Who may call it; absent: anyone, without a token. */
  permission?: Permission;
  /**
   * For a call that reads its token itself, who may call it, as the reference says it (the
   * setup's first account needs none; a preview link's `?t=` stands for one): `op` lets every
   * request through to it, and its refusals say what the call answers without a right token.
   */
  access?: string;
  /** The JSON body (any zod schema, zod/mini's too) and, if the call has one, an example of it. */
  body?: z.core.$ZodType;
  example?: unknown;
  /** A body that is not JSON (an upload): its media type and what it holds. */
  upload?: { media: string; description: string; field?: string };
  /** The query parameters. */
  query?: z.ZodObject;
  /** Path parameters that differ from the API's usual ones of the same name (openapi/document.ts). */
  params?: Record<string, { description: string; schema: z.ZodType }>;
  /** The answers that are not refusals, by status. */
  answers: Record<number, Answer>;
  /** The refusals (`{ message }`) the call itself may answer, by status, with when. */
  refusals?: Record<number, string>;
}

type ResponseObject = NonNullable<DescribeRouteOptions['responses']>[string];

const errorContent = () => ({ 'application/json': { schema: resolver(ErrorAnswer) } });

/** The refusals every call of a kind may answer, besides its own. */
function commonRefusals(spec: OperationSpec): Record<number, string> {
  const refusals: Record<number, string> = {};
  if (spec.body || spec.upload || spec.query) refusals[400] = 'The request is not valid: the message says why.';
  if (spec.body) {
    refusals[413] = 'The body is larger than the call accepts.';
    refusals[415] = 'The body is not JSON (`Content-Type: application/json`).';
  }
  if (spec.upload) {
    refusals[413] = 'The file is larger than the call accepts.';
    refusals[415] = `The file is not sent as ${spec.upload.media}.`;
  }
  if (spec.permission) {
    refusals[401] = 'No token, or one that has expired or was ended by a password change.';
    const { roles } = PERMISSIONS[spec.permission];
    // Where every role may, no role is refused.
    if (roles.length < ROLES.length)
      refusals[403] = `The account's role may not: only ${rolesText(roles)} accounts can.`;
  }
  return refusals;
}

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of what a request may send. */
const inputSchema = (schema: z.core.$ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as OpenAPIV3_1.SchemaObject;

function answerObject(answer: Answer): ResponseObject {
  const headers = answer.headers
    ? Object.fromEntries(
        Object.entries(answer.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      )
    : undefined;
  if (answer.media === null) return { description: answer.description, headers } as ResponseObject;
  const media = typeof answer.media === 'string' ? [answer.media] : (answer.media ?? ['application/json']);
  const content = Object.fromEntries(
    media.map((type) => [
      type,
      { schema: answerSchema(answer, type), ...(answer.example === undefined ? {} : { example: answer.example }) },
    ]),
  );
  return { description: answer.description, headers, content } as ResponseObject;
}

/** The body's schema: the answer's zod schema, else a JSON object or a file of `media`. */
function answerSchema(answer: Answer, media: string) {
  if (answer.schema)
    return resolver(answer.schema, { options: { io: 'output', unrepresentable: 'any', override: withTranslated } });
  if (media === 'application/json') return { type: 'object' };
  return { type: 'string', ...(media.startsWith('text/') ? {} : { contentMediaType: media }) };
}

/**
 * An object that has `translations` is answered with `?lang` in that language, naming the fields
 * it answers in it (site/contract/translations.ts, `inLanguage`).
 */
function withTranslated({ jsonSchema }: { jsonSchema: z.core.JSONSchema.BaseSchema }) {
  const properties = jsonSchema.properties;
  if (!properties?.translations || properties.translated) return;
  properties.translated = {
    type: 'array',
    items: { type: 'string' },
    description:
      "With `?lang`, the fields answered in that language, when it has any; the object's other texts are the default language's (not translated).",
  };
}

function queryParameters(query: z.ZodObject) {
  const schema = inputSchema(query);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  })) as unknown as OpenAPIV3_1.ParameterObject[];
}

function pathParameters(params: NonNullable<OperationSpec['params']>) {
  return Object.entries(params).map(([name, { description, schema }]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: inputSchema(schema),
  })) as unknown as OpenAPIV3_1.ParameterObject[];
}

/** The OpenAPI operation of `spec` (path parameters are added by the document from the path). */
export function describeOperation(spec: OperationSpec): DescribeRouteOptions {
  const refusals = { ...commonRefusals(spec), ...spec.refusals };
  const roles = spec.permission ? PERMISSIONS[spec.permission].roles : undefined;
  const access =
    spec.access ??
    (roles ? `Needs the token of an ${rolesText(roles)} account.` : 'Anyone may call it, without a token.');
  // A call that reads its token itself may be made with one or without.
  const token: OpenAPIV3_1.SecurityRequirementObject = { bearerAuth: [] };
  const security = spec.permission ? [token] : spec.access ? [token, {}] : [];
  return {
    tags: [spec.tag],
    summary: spec.summary,
    description: [spec.description, access].filter(Boolean).join('\n\n'),
    security,
    ...(roles ? { 'x-roles': [...roles] } : {}),
    parameters: [...pathParameters(spec.params ?? {}), ...(spec.query ? queryParameters(spec.query) : [])],
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: resolver(spec.body, { options: { io: 'input', unrepresentable: 'any' } }),
                ...(spec.example === undefined ? {} : { example: spec.example }),
              },
            },
          },
        }
      : {}),
    ...(spec.upload ? { requestBody: uploadBody(spec.upload) } : {}),
    responses: {
      ...Object.fromEntries(Object.entries(spec.answers).map(([status, answer]) => [status, answerObject(answer)])),
      ...Object.fromEntries(
        Object.entries(refusals).map(([status, description]) => [status, { description, content: errorContent() }]),
      ),
    },
  };
}

function uploadBody({ media, description, field = 'file' }: NonNullable<OperationSpec['upload']>) {
  const schema =
    media === 'multipart/form-data'
      ? {
          type: 'object',
          required: [field],
          properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream', description } },
        }
      : { type: 'string', description };
  return { required: true, content: { [media]: { schema } } } as DescribeRouteOptions['requestBody'];
}

/** `op(spec)`: the role check of `spec.permission` (if any), carrying the call's description. */
export function operations(deps: Parameters<typeof permissions>[0]) {
  const allow = permissions(deps);
  const anyone = createMiddleware(async (_c, next) => {
    await next();
  });
  return (spec: OperationSpec): MiddlewareHandler<AdminEnv> => {
    const check: MiddlewareHandler<AdminEnv> = spec.permission ? allow(spec.permission) : anyone;
    const described = describeRoute(describeOperation(spec));
    // hono-openapi finds a call's description by this symbol on one of its handlers.
    return Object.assign((c: Parameters<typeof check>[0], next: Parameters<typeof check>[1]) => check(c, next), {
      [uniqueSymbol]: described[uniqueSymbol as keyof typeof described],
    });
  };
}
export type Op = ReturnType<typeof operations>;
