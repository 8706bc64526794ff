import { createMiddleware } from 'hono/factory';

/**
 * Headers on every answer. Pages carry their script and style policy in a `<meta>` that Astro
 * writes with the hashes of its own scripts (security.csp); what a `<meta>` cannot say
 * (frame-ancestors) is sent here.
 */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** API answers are data, never documents: they may load nothing at all. */
export const API_SECURITY_HEADERS = {
  ...PAGE_SECURITY_HEADERS,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

export const apiSecurityHeaders = createMiddleware(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) c.res.headers.set(name, value);
});
