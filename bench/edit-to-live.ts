/**
 * Time from sending an edit (POST /api/events) to the public site serving it: on /eventsnews, or
 * on the first page of upcoming events it links to, where it lands. Also the time the API took to
 * answer the POST, sent as the dashboard sends it (`Prefer: return=minimal`: no list in the answer,
 * which at the limit would be 20,000 events). The events accumulate, as a school's do: each one measured stays, and each next
 * one is a minute earlier on the same day, so it is the first upcoming event and lands on the same
 * first page.
 */
import { ARCHIVE_PAGE_SIZE, EVENTS_BASE } from '../site/lib/archive-pages.ts';
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
  const first = await firstStart(base);
  const pages = ['/eventsnews', ...(await landingPages(base, toTime(first - 1)))];
  const isLive = async (title: string) => {
    for (const page of pages) if ((await (await fetch(base + page)).text()).includes(title)) return true;
    return false;
  };
  for (let i = 0; i < edits; i++) {
    const title = `Bench event ${Date.now()}-${i}`;
    const started = performance.now();
    const answer = await call(base, 'POST', '/api/events', {
      token,
      headers: { Prefer: 'return=minimal' },
      json: { title, description: 'Measured by npm run bench', date: soon(), time: toTime(first - 1 - i) },
    });
    postMs.push(performance.now() - started);
    if (answer.status !== 201) throw new Error(`edit refused: ${JSON.stringify(answer.body)}`);
    while (!(await isLive(title))) {
      if (performance.now() - started > LIVE_TIMEOUT_MS) throw new Error(`"${title}" not live after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    samplesMs.push(performance.now() - started);
    await waitUntilLive(base, token, LIVE_TIMEOUT_MS);
    // Let the next edit start from a quiet server, as a person's next edit would.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return editToLive(samplesMs, postMs);
}

/** The figures of a series: each edit's time to live, and each answer's time. */
export function editToLive(samplesMs: number[], postMs: number[]): EditToLive {
  return { samplesMs, p50: percentile(samplesMs, 50), p95: percentile(samplesMs, 95), postP50: percentile(postMs, 50) };
}

/** Two days ahead, in any time zone: among the first upcoming events even on a large site. */
function soon(): string {
  return new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first start on that day, in minutes (at most 06:00): each edit starts a minute before the one
 * before it (events of the same start keep their order), so it is always the first upcoming one.
 */
async function firstStart(base: string): Promise<number> {
  const events = (await (await fetch(`${base}/api/events`)).json()) as { date: string; time: string }[];
  const times = events.filter((event) => event.date === soon() && event.time).map((event) => toMinutes(event.time));
  return Math.min(6 * 60, ...times);
}

/**
 * The pages of upcoming events (20 a page) where an event starting at `time` on soon()'s day lands:
 * after the upcoming events that start before it. Which of today's events are already past depends
 * on the school's time zone, so both the page counting all of yesterday's and today's events and the
 * one counting none of them are looked at.
 */
async function landingPages(base: string, time: string): Promise<string[]> {
  const events = (await (await fetch(`${base}/api/events`)).json()) as { date: string; time: string }[];
  const start = `${soon()} ${time}`;
  const before = (from: string) =>
    events.filter((event) => event.date >= from && `${event.date} ${event.time || '24:00'}` < start).length;
  const pageOf = (position: number) => Math.floor(position / ARCHIVE_PAGE_SIZE) + 1;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const pages = new Set([pageOf(before(day(1))), pageOf(before(day(-1)))]);
  return [...pages].map((page) => (page === 1 ? EVENTS_BASE : `${EVENTS_BASE}/${page}`));
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function toTime(minutes: number): string {
  const at = Math.max(0, minutes);
  return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}
