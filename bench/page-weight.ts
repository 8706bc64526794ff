/**
 * Compressed bytes of HTML, CSS and JS per page, as a browser would download them with brotli:
 * the page, its stylesheets, its scripts and everything those scripts import.
 */
import { rawGet } from './raw-get.ts';

export interface PageWeight {
  route: string;
  html: number;
  css: number;
  js: number;
}

const ACCEPT = { 'Accept-Encoding': 'br, gzip' };

export async function measurePageWeight(base: string, route: string): Promise<PageWeight> {
  const html = await (await fetch(base + route)).text();
  const weight: PageWeight = { route, html: await compressedSize(base, route), css: 0, js: 0 };
  const seen = new Set<string>();
  const queue = assetUrls(html, '/');
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const size = await compressedSize(base, url);
    if (url.endsWith('.css')) weight.css += size;
    if (url.endsWith('.js')) {
      weight.js += size;
      const source = await (await fetch(base + url)).text();
      queue.push(...assetUrls(source, url));
    }
  }
  return weight;
}

/**
 * /_astro/ files named in HTML (src, href, island attributes) or imported by a module, lazily
 * imported ones included: everything the page may load.
 */
function assetUrls(text: string, from: string): string[] {
  const urls: string[] = [];
  // With or without the leading slash: Vite's preload lists name chunks as "_astro/x.js".
  for (const match of text.matchAll(/["'(]\/?(_astro\/[^"')\s]+\.(?:js|css))["')]/g)) urls.push(`/${match[1]}`);
  for (const match of text.matchAll(/["'](\.\.?\/[^"'\s]+\.js)["']/g)) {
    urls.push(new URL(match[1]!, `http://x${from}`).pathname);
  }
  return urls;
}

async function compressedSize(base: string, path: string): Promise<number> {
  return (await rawGet(base + path, ACCEPT)).body.length;
}
