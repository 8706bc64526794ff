import type { Context } from 'hono';
import { ITEM_ID_PATTERN } from '../../site/contract/content.ts';
import { HttpError } from './errors.ts';

/**
 * The path parameter `name`, checked against its allowed form before anything uses it. A value
 * of any other form names nothing that can exist: 404 with `notFound`.
 */
export function pathParam(c: Context, name: string, allowed: RegExp, notFound: string): string {
  const value = c.req.param(name);
  if (typeof value !== 'string' || !allowed.test(value)) throw new HttpError(404, notFound);
  return value;
}

/** The `{id}` of an item (an event, a photo, a registration…). */
export const itemIdParam = (c: Context, notFound: string) => pathParam(c, 'id', ITEM_ID_PATTERN, notFound);

/** `role` when it is one of `roles`, else 404 with `notFound`. */
export function oneOf<T extends string>(roles: readonly T[], role: string, notFound: string): T {
  if (!(roles as readonly string[]).includes(role)) throw new HttpError(404, notFound);
  return role as T;
}
