/**
 * What a request's Accept-Encoding takes: the codings it names, less those it refuses (`q=0`).
 * The static site, the API's JSON answers and the reference's script all choose by it.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The codings `header` accepts, lower case (`*` as written). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, q] = part.trim().split(';');
    if (!q || Number(q.trim().replace(/^q=/, '')) > 0) accepted.add(name!.trim().toLowerCase());
  }
  return accepted;
}

/** The smallest form `header` takes: brotli, then gzip, else none. */
export function preferredEncoding(header: string | undefined): Encoding {
  const accepted = acceptedEncodings(header);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
