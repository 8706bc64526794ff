import { createHash } from 'node:crypto';

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
