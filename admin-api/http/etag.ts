import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** A strong ETag for a piece of text. */
export function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` or `If-Match` header names `etag`: `*`, or a comma-separated list of
 * tags (weak `W/` tags compare by their value, as RFC 9110 says for If-None-Match).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The answer is the same for every GET of its address, ETag and reader (`sameBodyPerEtag`). */
    sameBodyPerEtag: true;
    /** Whom the answer is made for, once a token was checked (`readBy`): an account and its role. */
    reader: string;
  }
}

/** Says whom the answer is made for: the signed-in account, with its role as it is now. */
export function readBy(c: Context, account: { _id: string; role: string }): void {
  c.set('reader', `${account._id} ${account.role}`);
}

/**
 * Says that the answer being made is the same for every GET of the same address (path and query)
 * with the same ETag by the same reader: the JSON compression (compress-json.ts) then compresses
 * it once per version. Only for an ETag that changes whenever the body would: not for one that
 * names the document while the body also depends on the time (what is public now) or on anything
 * else, unless the ETag names that too.
 */
export function sameBodyPerEtag(c: Context): void {
  c.set('sameBodyPerEtag', true);
}

/**
 * What an answer marked `sameBodyPerEtag` is the same for: its encoding, its reader (the account
 * signed in, with its role as it is now; else anyone) and its address, then its ETag. Null for
 * other answers, and for a request with a token the route did not check, whose reader is unknown.
 */
export function sameAnswerKey(c: Context, encoding: string): { key: string; etag: string } | null {
  const etag = c.res.headers.get('ETag');
  if (!etag || c.req.method !== 'GET' || c.res.status !== 200 || !c.get('sameBodyPerEtag')) return null;
  const signedIn = c.get('reader');
  if (!signedIn && c.req.header('authorization')) return null;
  const reader = signedIn ?? 'anyone';
  const { pathname, search } = new URL(c.req.url);
  return { key: `${encoding} ${reader} ${pathname}${search}`, etag };
}
