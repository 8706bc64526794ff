/**
 * Time from sending an edit (POST /api/events) to the public site serving it: on /eventsnews, or
 * on the upcoming-events page /eventsnews links to. Also the time the API took to answer the POST.
 */
import { call } from '../tests/support/api.ts';

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
  const pages = await pagesShowingEvents(base);
  const isLive = async (title: string) => {
    for (const page of pages) if ((await (await fetch(base + page)).text()).includes(title)) return true;
    return false;
  };
  for (let i = 0; i < edits; i++) {
    const title = `Bench event ${Date.now()}-${i}`;
    const started = performance.now();
    const answer = await call(base, 'POST', '/api/events', {
      token,
      json: { title, description: 'Measured by npm run bench', date: nextMonth() },
    });
    postMs.push(performance.now() - started);
    if (answer.status !== 201) throw new Error(`edit refused: ${JSON.stringify(answer.body)}`);
    while (!(await isLive(title))) await new Promise((resolve) => setTimeout(resolve, 10));
    samplesMs.push(performance.now() - started);
    // Let the next edit start from a quiet server, as a person's next edit would.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { samplesMs, p50: percentile(samplesMs, 50), p95: percentile(samplesMs, 95), postP50: percentile(postMs, 50) };
}

/** /eventsnews, and the upcoming-events page it links to, if it has one. */
async function pagesShowingEvents(base: string): Promise<string[]> {
  const html = await (await fetch(`${base}/eventsnews`)).text();
  const upcoming = [...html.matchAll(/href="(\/(?:events|eventsnews)[^"#?]*upcoming[^"#?]*)"/g)].map((m) => m[1]!);
  return ['/eventsnews', ...new Set(upcoming)];
}

/** An upcoming date, so the event is among the first ones shown. */
function nextMonth(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}
