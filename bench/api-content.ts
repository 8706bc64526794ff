/**
 * GET /api/content under load (32 clients, 5 s each): as every browser asks for it, with
 * `Accept-Encoding` (so compressed), and without, as the bench measured it before that header was
 * sent, to keep its figures comparable with earlier runs.
 */
import { BROWSER_HEADERS, type LoadResult, loadTest } from './wrk.ts';

export interface ApiContentLoad {
  /** The Accept-Encoding the browser figures were measured with. */
  acceptEncoding: string;
  browser: LoadResult;
  /** Without Accept-Encoding: the answer as it is stored, not compressed. */
  plain: LoadResult;
}

export async function measureApiContent(base: string): Promise<ApiContentLoad> {
  const url = `${base}/api/content`;
  const options = { connections: 32, seconds: 5 };
  const plain = await loadTest(url, options);
  const browser = await loadTest(url, { ...options, headers: BROWSER_HEADERS });
  return { acceptEncoding: BROWSER_HEADERS['Accept-Encoding'], browser, plain };
}
