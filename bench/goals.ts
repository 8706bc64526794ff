/** The goals of the performance issues, checked against one run's figures of both data sets. */
import type { Availability } from './availability.ts';
import type { EditToLive } from './edit-to-live.ts';
import type { LighthouseScore } from './lighthouse.ts';
import type { LoginCls } from './login-cls.ts';
import type { PageWeight } from './page-weight.ts';
import type { ServingComparison } from './static-serving.ts';
import type { TypingBurst } from './typing-burst.ts';
import type { LoadResult } from './wrk.ts';

/** The figures of one data set; static serving and API latency are measured on the small one. */
export interface DataSetFigures {
  editToLive: EditToLive;
  typingBurst: TypingBurst;
  availability: Availability;
  pageWeights: PageWeight[];
  serving?: ServingComparison[];
  apiContent?: LoadResult;
  lighthouse?: LighthouseScore[];
  loginCls?: LoginCls[];
}

export interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

const KB = 1024;

export function checkGoals({ small, large }: { small: DataSetFigures; large: DataSetFigures }): Goal[] {
  const heaviest = small.pageWeights.reduce((a, b) => (b.js > a.js ? b : a));
  const withoutIsland = small.pageWeights.filter((w) => w.js < 2048);
  const heaviestHtml = large.pageWeights.reduce((a, b) => (b.html > a.html ? b : a));
  const total = (w: PageWeight) => w.html + w.css + w.js;
  const heaviestTotal = large.pageWeights.reduce((a, b) => (total(b) > total(a) ? b : a));
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  return [
    goal('small: edit-to-live p50 ≤ 150 ms', ms(small.editToLive.p50), small.editToLive.p50 <= 150),
    goal('large: edit-to-live p50 ≤ 250 ms', ms(large.editToLive.p50), large.editToLive.p50 <= 250),
    goal('large: edit-to-live p95 ≤ 500 ms', ms(large.editToLive.p95), large.editToLive.p95 <= 500),
    goal(
      'large: leadership autosave request ≤ 2 KB',
      `${large.typingBurst.requestBytes} B`,
      large.typingBurst.requestBytes <= 2 * KB,
    ),
    goal('small: 40-edit burst ≤ 4 builds', `${small.typingBurst.builds}`, small.typingBurst.builds <= 4),
    goal(
      'small: burst, last text live ≤ 2500 ms',
      ms(small.typingBurst.lastTextLiveMs),
      small.typingBurst.lastTextLiveMs <= 2500,
    ),
    ...[small, large].map((set, i) =>
      goal(
        `${i === 0 ? 'small' : 'large'}: no non-200 or truncated page while publishing`,
        `${set.availability.non200 + set.availability.truncated} of ${set.availability.requests}`,
        set.availability.non200 + set.availability.truncated === 0,
      ),
    ),
    goal(
      'large: every page ≤ 100 KB compressed HTML',
      `${heaviestHtml.route}: ${kb(heaviestHtml.html)}`,
      heaviestHtml.html <= 100 * KB,
    ),
    goal(
      'large: every page ≤ 250 KB compressed without images',
      `${heaviestTotal.route}: ${kb(total(heaviestTotal))}`,
      total(heaviestTotal) <= 250 * KB,
    ),
    ...(large.lighthouse ?? []).map((l) =>
      goal(`large: Lighthouse mobile performance ${l.route} ≥ 95`, `${l.performance}`, l.performance >= 95),
    ),
    ...(small.serving ?? []).map((s) =>
      goal(`${s.route}: product req/s ≥ nginx`, `${s.ratio.toFixed(2)}×`, s.ratio >= 1),
    ),
    goal('no page over 90 KB of compressed JS', `${heaviest.route}: ${kb(heaviest.js)}`, heaviest.js <= 90 * KB),
    goal(
      'pages without an island under 2 KB of JS',
      withoutIsland.map((w) => `${w.route} ${w.js} B`).join(', '),
      withoutIsland.every((w) => w.js < 2048),
    ),
    ...(small.loginCls ?? []).map((l) => goal(`login page CLS < 0.1 at ${l.viewport}`, l.cls.toFixed(3), l.cls < 0.1)),
    ...(small.apiContent
      ? [
          goal(
            'GET /api/content p99 < 50 ms (32 clients)',
            `${small.apiContent.p99Ms.toFixed(2)} ms`,
            small.apiContent.p99Ms < 50,
          ),
        ]
      : []),
  ];
}

const ms = (value: number) => `${Math.round(value)} ms`;
const goal = (name: string, measured: string, met: boolean): Goal => ({ goal: name, measured, met });
