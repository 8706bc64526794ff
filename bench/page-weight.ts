/**
 * Compressed bytes of HTML, CSS and JS per page, as a browser would download them with brotli:
 * the page, its stylesheets, its scripts and everything those scripts import; the scripts also
 * as gzip -9 makes them, the measure of the JS budget (goals.ts), which holds whatever serves the
 * site (a bucket's CDN or a proxy may send gzip only).
 */
import { readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { rawGet } from './raw-get.ts';

export interface PageWeight {
  route: string;
  html: number;
  css: number;
  js: number;
  /** The same scripts, each compressed with gzip -9. */
  jsGzip: number;
  /** Whether the page has an island (a React component that runs in the browser). */
  island: boolean;
}

interface Asset {
  /** Bytes on the wire (brotli). */
  size: number;
  gzip: number;
  /** The scripts a script imports. */
  imports: string[];
}

const ACCEPT = { 'Accept-Encoding': 'br, gzip' };

/** Weighs pages of the server at `base`, each script fetched once however many pages load it. */
export function pageWeigher(base: string): (route: string) => Promise<PageWeight> {
  const assets = new Map<string, Promise<Asset>>();
  const asset = (url: string) => {
    let weighed = assets.get(url);
    if (!weighed) {
      weighed = weighAsset(base, url);
      assets.set(url, weighed);
    }
    return weighed;
  };
  return async (route) => {
    const page = await (await fetch(base + route)).text();
    const island = page.includes('<astro-island');
    const weight: PageWeight = { route, html: await compressedSize(base, route), css: 0, js: 0, jsGzip: 0, island };
    const seen = new Set<string>();
    const queue = assetUrls(page, '/');
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const { size, gzip, imports } = await asset(url);
      if (url.endsWith('.css')) weight.css += size;
      if (url.endsWith('.js')) {
        weight.js += size;
        weight.jsGzip += gzip;
        queue.push(...imports);
      }
    }
    return weight;
  };
}

export async function measurePageWeight(base: string, route: string): Promise<PageWeight> {
  return pageWeigher(base)(route);
}

/**
 * The public pages of a built site (its folder of HTML files), as routes: every page a visitor may
 * open, the archive's and the gallery's further pages among them; not the dashboard's.
 */
export async function builtPages(folder: string): Promise<string[]> {
  const files = await readdir(folder, { recursive: true });
  return files
    .filter((file) => file.endsWith('.html') && !file.startsWith('admin/'))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '')}`.replace(/(.)\/$/, '$1'))
    .sort();
}

async function weighAsset(base: string, url: string): Promise<Asset> {
  const size = await compressedSize(base, url);
  if (!url.endsWith('.js')) return { size, gzip: 0, imports: [] };
  const source = Buffer.from(await (await fetch(base + url)).arrayBuffer());
  return { size, gzip: gzipSync(source, { level: 9 }).length, imports: assetUrls(source.toString(), url) };
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
