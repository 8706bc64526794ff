/**
 * A plain static file host for tests, as a static host serves a build folder: a path is the file,
 * or the folder's index.html; anything else is 404.html with status 404.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { objectHeaders } from '../../admin-api/bucket/object-headers.ts';

export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

export async function serveFolder(dir: string): Promise<StaticHost> {
  const server: Server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(dir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(await readFile(join(dir, '404.html')).catch(() => 'Not found'));
      return;
    }
    response.writeHead(200, { 'content-type': objectHeaders(file.slice(dir.length)).contentType });
    response.end(await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every same-site address a page or stylesheet refers to: href, src, srcset, url(). */
export function referencedAddresses(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\s(?:href|src)="([^"]+)"/g)) found.push(match[1]!);
  for (const match of text.matchAll(/\ssrcset="([^"]+)"/g)) {
    for (const candidate of match[1]!.split(',')) found.push(candidate.trim().split(/\s+/)[0]!);
  }
  for (const match of text.matchAll(/url\(["']?([^"')]+)["']?\)/g)) found.push(match[1]!);
  return found.map((address) => address.replaceAll('&amp;', '&'));
}

/**
 * Follows every same-site address from `/`, pages and stylesheets included, and answers the ones
 * that do not answer 200, with the page that refers to them.
 */
export async function crawl(base: string): Promise<{ visited: Set<string>; broken: string[] }> {
  const visited = new Set<string>(['/']);
  const queue: [string, string][] = [['/', '(start)']];
  const broken: string[] = [];
  while (queue.length > 0) {
    const [path, from] = queue.shift()!;
    const response = await fetch(base + path);
    if (response.status !== 200) {
      broken.push(`${path} (${response.status}, from ${from})`);
      continue;
    }
    const type = response.headers.get('content-type') ?? '';
    const isText = /\.(html|css|xml)$|\/$/.test(path) || !/\.[a-z0-9]+$/i.test(path) || type.includes('text');
    if (!isText) {
      await response.arrayBuffer();
      continue;
    }
    const text = await response.text();
    for (const address of referencedAddresses(text)) {
      if (!address.startsWith('/') || address.startsWith('//')) continue;
      const target = new URL(address, base + path);
      const next = target.pathname + target.search;
      if (!visited.has(next)) {
        visited.add(next);
        queue.push([next, path]);
      }
    }
  }
  return { visited, broken };
}
