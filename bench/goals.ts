/** The goals of the performance issue, checked against one run's figures. */
import type { Availability } from './availability.ts';
import type { EditToLive } from './edit-to-live.ts';
import type { LoginCls } from './login-cls.ts';
import type { PageWeight } from './page-weight.ts';
import type { ServingComparison } from './static-serving.ts';
import type { TypingBurst } from './typing-burst.ts';
import type { LoadResult } from './wrk.ts';

export interface BenchResults {
  editToLive: EditToLive;
  typingBurst: TypingBurst;
  availability: Availability;
  serving: ServingComparison[];
  pageWeights: PageWeight[];
  apiContent: LoadResult;
  loginCls: LoginCls[];
}

export interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

export function checkGoals(r: BenchResults): Goal[] {
  const heaviest = r.pageWeights.reduce((a, b) => (b.js > a.js ? b : a));
  const withoutIsland = r.pageWeights.filter((w) => w.js < 2048);
  return [
    goal('edit-to-live p50 ≤ 1000 ms', `${Math.round(r.editToLive.p50)} ms`, r.editToLive.p50 <= 1000),
    goal('edit-to-live p95 ≤ 2000 ms', `${Math.round(r.editToLive.p95)} ms`, r.editToLive.p95 <= 2000),
    goal('40-edit burst: ≤ 4 builds', `${r.typingBurst.builds}`, r.typingBurst.builds <= 4),
    goal(
      'burst: last text live ≤ 2500 ms',
      `${Math.round(r.typingBurst.lastTextLiveMs)} ms`,
      r.typingBurst.lastTextLiveMs <= 2500,
    ),
    goal(
      'no non-200 or truncated page while publishing',
      `${r.availability.non200 + r.availability.truncated} of ${r.availability.requests}`,
      r.availability.non200 + r.availability.truncated === 0,
    ),
    ...r.serving.map((s) => goal(`${s.route}: product req/s ≥ nginx`, `${s.ratio.toFixed(2)}×`, s.ratio >= 1)),
    goal(
      'no page over 90 KB of compressed JS',
      `${heaviest.route}: ${(heaviest.js / 1024).toFixed(1)} KB`,
      heaviest.js <= 90 * 1024,
    ),
    goal(
      'pages without an island under 2 KB of JS',
      withoutIsland.map((w) => `${w.route} ${w.js} B`).join(', '),
      withoutIsland.every((w) => w.js < 2048),
    ),
    ...r.loginCls.map((l) => goal(`login page CLS < 0.1 at ${l.viewport}`, l.cls.toFixed(3), l.cls < 0.1)),
    goal('GET /api/content p99 < 50 ms (32 clients)', `${r.apiContent.p99Ms.toFixed(2)} ms`, r.apiContent.p99Ms < 50),
  ];
}

const goal = (name: string, measured: string, met: boolean): Goal => ({ goal: name, measured, met });
