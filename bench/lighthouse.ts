/**
 * Lighthouse's mobile performance score (0–100) of public pages, in headless Chromium. One run
 * varies by several points on a shared machine, so each page is measured a few times and the
 * median run is reported, as Lighthouse's guide on variability recommends (`computeMedianRun`).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export interface LighthouseScore {
  route: string;
  /** The median run's score. */
  performance: number;
  totalBlockingTimeMs: number;
  /** Every run's score, in the order they ran. */
  runs: number[];
  /** Why Lighthouse could not score the page (its runtime error), if it could not. */
  error: string | null;
}

const CHROMIUM = '/usr/bin/chromium';
const RUNS = 3;
/**
 * A run Lighthouse could not record (NO_NAVSTART, a trace lost on a busy machine: "Please run
 * Lighthouse again") is run again, this many times at most; a page that fails every time is
 * reported with its error.
 */
const ATTEMPTS = 3;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export async function measureLighthouse(base: string, routes: readonly string[]): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const scores: LighthouseScore[] = [];
    for (const route of routes) {
      const results: Result[] = [];
      for (let run = 0; run < RUNS; run++) results.push(await recordedRun(base + route, chrome.port));
      const failed = results.find((lhr) => lhr.runtimeError);
      const median = failed ?? computeMedianRun(results);
      scores.push({
        route,
        performance: scoreOf(median),
        totalBlockingTimeMs: Math.round(median.audits['total-blocking-time']?.numericValue ?? NaN),
        runs: results.map(scoreOf),
        error: failed?.runtimeError ? `${failed.runtimeError.code}: ${failed.runtimeError.message}` : null,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

/** One run of Lighthouse on `url`, run again when it could not be recorded. */
async function recordedRun(url: string, port: number): Promise<Result> {
  let lhr: Result | undefined;
  for (let attempt = 0; attempt < ATTEMPTS && (!lhr || lhr.runtimeError); attempt++) {
    // Lighthouse's default settings are the mobile ones (emulated phone, throttled network and CPU).
    const result = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (result) lhr = result.lhr;
  }
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  return lhr;
}

function scoreOf(lhr: { categories: Record<string, { score: number | null } | undefined> }): number {
  return Math.round((lhr.categories.performance?.score ?? 0) * 100);
}
