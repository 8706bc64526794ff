/** The same-site pages a rendered page links to, which publishing follows to find every page. */
/** Same-site page links of a page. */
export function internalLinks(html: string): string[] {
  return sitePaths(Array.from(html.matchAll(/href="(\/[^"]*)"/g), (match) => match[1]!)).map(pathString);
}

const pathStrings = new Map<string, string>();

/**
 * `path` as a string of its own, one for each path of the site: a link cut out of a page's HTML is
 * a slice of it to V8 and kept the whole page alive while its links were recorded, every page of
 * the site (390 MB at the limit) from the first build on.
 */
function pathString(path: string): string {
  let own = pathStrings.get(path);
  if (own === undefined) {
    own = Buffer.from(path).toString();
    pathStrings.set(own, own);
  }
  return own;
}

/** The pages among same-site addresses: not the API, not assets, not files; no query or fragment. */
export function sitePaths(addresses: string[]): string[] {
  const paths: string[] = [];
  for (const address of addresses) {
    if (!address.startsWith('/') || address.startsWith('//')) continue;
    const path = address.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path))
      continue;
    paths.push(path);
  }
  return paths;
}
