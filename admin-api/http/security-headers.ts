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
 * The policy of the API reference (GET /api/docs): a page of the API's own, whose script, styles,
 * document and "try it" calls all come from this origin. Its scripts are the bundle served here
 * and the inline ones named by the hashes of their exact text (`scriptHashes`, `sha256-…`).
 * Styles alone may be inline: Scalar adds `<style>` elements as it runs (its theme, its toasts),
 * without a nonce, and sets `style="…"` attributes, which no nonce or hash can allow.
 */
export function referencePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

declare module 'hono' {
  interface ContextVariableMap {
    /** A page of the site answered by the API (a draft's preview): its own script and style policy. */
    pagePolicy: string;
    /** The API reference page (GET /api/docs): the hashes of its inline scripts (`referencePolicy`). */
    referenceScripts: readonly string[];
  }
}

/**
 * Sets the headers on every API answer; an answer may only bring a stricter policy of its own. A
 * draft's preview is a page of the site, shown in a frame of the dashboard: it keeps the page's
 * own policy, and only this origin may frame it. The API reference is a page too, framed by no
 * one: its scripts, styles and calls as `referencePolicy` allows, every other header unchanged.
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
  const referenceScripts = c.get('referenceScripts');
  if (referenceScripts && c.res.status === 200) {
    c.res.headers.set('content-security-policy', referencePolicy(referenceScripts));
  }
});
