import { createMiddleware } from 'hono/factory';

/**
 * Headers on every answer. A rendered page also has a script and style policy of its own, with
 * the hashes of its scripts (Astro's security.csp), which publishing keeps beside the page
 * (page-headers.json) and the server joins with this one (publish/static-site.ts).
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

/** Uploaded documents: shown by the browser's own viewer, in a sandbox, with no script of theirs run. */
export const DOCUMENT_SECURITY_POLICY = `sandbox; ${API_SECURITY_HEADERS['content-security-policy']}`;

/**
 * The policy of the API reference (GET /api/docs): a page of the API's own, whose scripts, styles,
 * document and "try it" calls all come from this origin, with no inline script or style (Swagger
 * UI sets styles from its script, which a policy allows; only its standalone layout, not used here,
 * brings a `<style>` element). Its style sheet draws its icons as `data:` images.
 */
export const REFERENCE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

declare module 'hono' {
  interface ContextVariableMap {
    /** A page of the site answered by the API (a draft's preview): its own script and style policy. */
    pagePolicy: string;
    /** The API reference page (GET /api/docs), under `REFERENCE_POLICY`. */
    referencePage: boolean;
  }
}

/**
 * Sets the headers on every API answer; an answer may only bring a stricter policy of its own. A
 * draft's preview is a page of the site, shown in a frame of the dashboard: it keeps the page's
 * own policy, and only this origin may frame it. The API reference is a page too, framed by no
 * one: its scripts, styles and calls as `REFERENCE_POLICY` allows, every other header unchanged.
 */
export const apiSecurityHeaders = createMiddleware(async (c, next) => {
  await next();
  const ownPolicy = c.res.headers.get('content-security-policy');
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) c.res.headers.set(name, value);
  if (ownPolicy === DOCUMENT_SECURITY_POLICY) c.res.headers.set('content-security-policy', ownPolicy);
  const pagePolicy = c.get('pagePolicy');
  if (pagePolicy && c.res.status === 200) {
    c.res.headers.set('content-security-policy', `${pagePolicy}; frame-ancestors 'self'`);
    c.res.headers.set('x-frame-options', 'SAMEORIGIN');
    c.res.headers.set('referrer-policy', 'no-referrer');
  }
  if (c.get('referencePage') && c.res.status === 200) c.res.headers.set('content-security-policy', REFERENCE_POLICY);
});
