import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address a request came from, to count its attempts by. Behind a reverse proxy (and only
 * then, `TRUST_PROXY`), the proxy's `X-Forwarded-For` names it.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  return forwarded || getConnInfo(c).remote.address || 'unknown';
}
