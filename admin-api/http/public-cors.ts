import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * With PUBLIC_API_ORIGIN set the public pages may be served from another origin (a static host, a
 * bucket behind a CDN: SITE_URL) and call this API across origins: CORS answers, preflight
 * included, for that origin only. Without it nothing crosses origins.
 */
export function publicCors(env: NodeJS.ProcessEnv = process.env): MiddlewareHandler | null {
  const siteOrigin = siteOriginOf(env);
  if (!env.PUBLIC_API_ORIGIN?.trim() || !siteOrigin) return null;
  return cors({
    origin: (origin) => (origin === siteOrigin ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Content-Type'],
    maxAge: 600,
  });
}

function siteOriginOf(env: NodeJS.ProcessEnv): string | null {
  const url = URL.parse(env.SITE_URL?.trim() ?? '');
  return url ? url.origin : null;
}
