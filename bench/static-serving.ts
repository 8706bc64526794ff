/**
 * Requests per second and p99 latency for public pages, from the product's server and from
 * nginx serving the same built files, side by side in the same run. Rounds alternate between the
 * two so that a noisy moment on the machine does not favour either; medians are reported.
 */
import { startNginx } from './nginx.ts';
import { BROWSER_HEADERS, type LoadResult, loadTest } from './wrk.ts';

export interface ServingComparison {
  route: string;
  product: LoadResult;
  nginx: LoadResult;
  /** product requests per second / nginx requests per second */
  ratio: number;
}

const ROUNDS = 3;

export async function compareStaticServing(
  productBase: string,
  builtSiteDir: string,
  routes: string[],
  options = { connections: 32, seconds: 5 },
): Promise<ServingComparison[]> {
  const nginx = await startNginx(builtSiteDir);
  try {
    const results: ServingComparison[] = [];
    for (const route of routes) {
      const product: LoadResult[] = [];
      const reference: LoadResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const load = { ...options, headers: BROWSER_HEADERS };
        product.push(await loadTest(productBase + route, load));
        reference.push(await loadTest(nginx.url + route, load));
      }
      const p = medianResult(product);
      const n = medianResult(reference);
      results.push({ route, product: p, nginx: n, ratio: p.requestsPerSecond / n.requestsPerSecond });
    }
    return results;
  } finally {
    await nginx.stop();
  }
}

function medianResult(results: LoadResult[]): LoadResult {
  const median = (pick: (r: LoadResult) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    requestsPerSecond: median((r) => r.requestsPerSecond),
    p50Ms: median((r) => r.p50Ms),
    p99Ms: median((r) => r.p99Ms),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}
