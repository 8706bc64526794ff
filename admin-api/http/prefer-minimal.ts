import type { Context } from 'hono';

/**
 * Whether the request asks for no body in a successful answer (`Prefer: return=minimal`, RFC 7240):
 * a client that reads again what it shows would throw the answer away.
 */
export function prefersMinimal(c: Context): boolean {
  const prefer = c.req.header('prefer');
  return prefer !== undefined && /(?:^|[,;])\s*return\s*=\s*"?minimal"?\s*(?:[,;]|$)/i.test(prefer);
}
