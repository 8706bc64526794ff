/**
 * Time from sending an edit (POST /api/events) to the public site serving it: on /eventsnews, or
 * on the page of upcoming events it links to. Also the time the API took to answer the POST. Each
 * event is removed again once measured, so the next one lands on the same first page.
 */
import { EVENTS_BASE } from '../site/lib/archive-pages.ts';
import { call, waitUntilLive } from '../tests/support/api.ts';

/** An edit not live by then is a failure, not a figure. */
const LIVE_TIMEOUT_MS = 60_000;

export interface EditToLive {
  samplesMs: number[];
  p50: number;
  p95: number;
  /** How long POST /api/events took to answer (validation and writing of the whole document). */
  postP50: number;
}

export async function measureEditToLive(base: string, token: string, edits: number): Promise<EditToLive> {
  const samplesMs: number[] = [];
  const postMs: number[] = [];
  const pages = ['/eventsnews', EVENTS_BASE];
  const isLive = async (title: string) => {
    for (const page of pages) if ((await (await fetch(base + page)).text()).includes(title)) return true;
    return false;
  };
  for (let i = 0; i < edits; i++) {
    const title = `Bench event ${Date.now()}-${i}`;
    const started = performance.now();
    const answer = await call(base, 'POST', '/api/events', {
      token,
      json: { title, description: 'Measured by npm run bench', date: soon(), time: '00:00' },
    });
    postMs.push(performance.now() - started);
    if (answer.status !== 201) throw new Error(`edit refused: ${JSON.stringify(answer.body)}`);
    while (!(await isLive(title))) {
      if (performance.now() - started > LIVE_TIMEOUT_MS) throw new Error(`"${title}" not live after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    samplesMs.push(performance.now() - started);
    const added = (answer.body as { _id: string; title: string }[]).find((event) => event.title === title)!;
    await call(base, 'DELETE', `/api/events/${added._id}`, { token });
    await waitUntilLive(base, token, LIVE_TIMEOUT_MS);
    // Let the next edit start from a quiet server, as a person's next edit would.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { samplesMs, p50: percentile(samplesMs, 50), p95: percentile(samplesMs, 95), postP50: percentile(postMs, 50) };
}

/** Two days ahead at midnight, in any time zone: among the first upcoming events even on a large site. */
function soon(): string {
  return new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}
