/** Every public page of a running site reached by following links from `/`, with its HTML. */
import { referencedAddresses } from './static-host.ts';

export async function crawlPages(base: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const queue = ['/'];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await fetch(base + path);
    if (!(response.headers.get('content-type') ?? '').includes('text/html')) {
      await response.arrayBuffer();
      continue;
    }
    const html = await response.text();
    pages.set(path, html);
    for (const address of referencedAddresses(html)) {
      if (!address.startsWith('/') || address.startsWith('//') || address.startsWith('/api/')) continue;
      const next = new URL(address, base).pathname;
      if (/\.[a-z0-9]+$/i.test(next) || next.startsWith('/_astro/') || next.startsWith('/admin')) continue;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return pages;
}
