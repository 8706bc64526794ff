import type { Context } from 'hono';
import * as z from 'zod';
import { HttpError } from './errors.ts';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Reads the request's JSON body and validates it; unknown fields are dropped by the schema. Any
 * zod schema: the public forms' are zod/mini's (site/contract/form-fields.ts).
 */
export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJsonBody(c));
}

/** The request's JSON body, not yet validated (415 when it is not JSON, 400 when it does not parse). */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (!JSON_TYPE.test(type)) throw new HttpError(415, 'Send the data as JSON');
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
}

/** `body` as `schema` makes it, or 400 with the first problem found. */
export function validate<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw new HttpError(400, describe(parsed.error.issues[0]));
  return parsed.data;
}

function describe(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid data';
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    return 'The request body must be a JSON object';
  }
  return issue.message;
}
