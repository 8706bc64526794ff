/**
 * Fetches public pages over and over while edits are published, counting answers a visitor
 * should never get: anything but 200, or a page cut short.
 */

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rawGet } from './raw-get.ts';

export interface Availability {
  requests: number;
  non200: number;
  truncated: number;
}

export function watchAvailability(base: string, routes: string[]) {
  const result: Availability = { requests: 0, non200: 0, truncated: 0 };
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const route = routes[i % routes.length]!;
      result.requests += 1;
      const answer = await rawGet(base + route, { 'Accept-Encoding': i % 2 ? 'br' : 'gzip' }).catch(() => null);
      if (!answer) result.non200 += 1;
      else if (answer.status !== 200) result.non200 += 1;
      else if (!decode(answer.body, answer.headers['content-encoding']).trimEnd().endsWith('</html>')) {
        result.truncated += 1;
      }
    }
  })();
  return {
    async stop(): Promise<Availability> {
      running = false;
      await loop;
      return result;
    },
  };
}

function decode(body: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}
