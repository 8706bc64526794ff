import type { BuildStatus } from '../site/contract/api.ts';
import { call } from '../tests/support/api.ts';

/**
 * Resolves once the server's site is live and its search index written for it: no build and no
 * indexing under way, as a school's server is between two edits a person makes.
 */
export async function waitUntilSettled(base: string, token: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call<BuildStatus>(base, 'GET', '/api/admin/build-status', { token });
    if (body.state === 'failed') throw new Error(`build failed: ${body.error}`);
    if (body.live && body.search?.at && !body.search.indexing) return;
    if (Date.now() > deadline) throw new Error(`not settled after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
