/**
 * Time from saving an urgent notice for every page (POST /api/alerts) to the public site serving it
 * on a deep archive page, one carried over from build to build unless a change touches it. Each
 * notice is removed again once measured, as a school's office would once the emergency is over.
 */
import { call, waitUntilLive } from '../tests/support/api.ts';
import { percentile } from './edit-to-live.ts';

const LIVE_TIMEOUT_MS = 60_000;

export interface AlertToLive {
  samplesMs: number[];
  p50: number;
  max: number;
}

export async function measureAlertToLive(base: string, token: string, page: string, notices = 3): Promise<AlertToLive> {
  const samplesMs: number[] = [];
  for (let i = 0; i < notices; i++) {
    const message = `Bench notice ${Date.now()}-${i}: the school closes at noon.`;
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const started = performance.now();
    const answer = await call(base, 'POST', '/api/alerts', { token, json: { message, level: 'emergency', endsAt } });
    if (answer.status !== 201) throw new Error(`notice refused: ${JSON.stringify(answer.body)}`);
    while (!(await (await fetch(base + page)).text()).includes(message)) {
      if (performance.now() - started > LIVE_TIMEOUT_MS) throw new Error(`"${message}" not on ${page} after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    samplesMs.push(performance.now() - started);
    const added = (answer.body as { _id: string; message: string }[]).find((notice) => notice.message === message)!;
    await call(base, 'DELETE', `/api/alerts/${added._id}`, { token });
    await waitUntilLive(base, token, LIVE_TIMEOUT_MS);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { samplesMs, p50: percentile(samplesMs, 50), max: Math.max(...samplesMs) };
}
