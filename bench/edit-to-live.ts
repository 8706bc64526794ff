/** Time from sending an edit (POST /api/events) to the public /eventsnews page serving it. */
import { call } from '../tests/support/api.ts';

export interface EditToLive {
  samplesMs: number[];
  p50: number;
  p95: number;
}

export async function measureEditToLive(base: string, token: string, edits: number): Promise<EditToLive> {
  const samplesMs: number[] = [];
  for (let i = 0; i < edits; i++) {
    const title = `Bench event ${Date.now()}-${i}`;
    const started = performance.now();
    const answer = await call(base, 'POST', '/api/events', {
      token,
      json: { title, description: 'Measured by npm run bench', date: '2027-01-15' },
    });
    if (answer.status !== 201) throw new Error(`edit refused: ${JSON.stringify(answer.body)}`);
    while (!(await (await fetch(`${base}/eventsnews`)).text()).includes(title)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    samplesMs.push(performance.now() - started);
    // Let the next edit start from a quiet server, as a person's next edit would.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { samplesMs, p50: percentile(samplesMs, 50), p95: percentile(samplesMs, 95) };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}
