import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address a request came from, to count its attempts by. Behind a reverse proxy (and only
 * then, `TRUST_PROXY`), it is the last address of `X-Forwarded-For`: the one the proxy appended.
 * Any before it were written by the client and prove nothing.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  return forwarded || getConnInfo(c).remote.address || 'unknown';
}
