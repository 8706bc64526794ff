/**
 * Lighthouse's mobile performance score (0–100) of public pages, in headless Chromium. Lighthouse
 * is not installed with the project (with its dependencies some 180 MB, for this one measure of
 * the bench): npm runs its pinned version on demand (`npm exec`, kept in npm's cache after the
 * first run), one run per call, each in a Chromium of its own. One run varies by several points
 * on a shared machine, so each page is measured a few times and the median run is reported, as
 * Lighthouse's guide on variability recommends (`medianRun`).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

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

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROMIUM = '/usr/bin/chromium';
const RUNS = 3;
/**
 * A run Lighthouse could not record (NO_NAVSTART, a trace lost on a busy machine: "Please run
 * Lighthouse again") is run again, this many times at most; a page that fails every time is
 * reported with its error.
 */
const ATTEMPTS = 3;

/** What the bench reads of Lighthouse's result (its `lhr`). */
interface Result {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { code: string; message: string };
}

export async function measureLighthouse(base: string, routes: readonly string[]): Promise<LighthouseScore[]> {
  const scores: LighthouseScore[] = [];
  for (const route of routes) {
    const results: Result[] = [];
    for (let run = 0; run < RUNS; run++) results.push(await recordedRun(base + route));
    const failed = results.find((lhr) => lhr.runtimeError);
    const median = failed ?? medianRun(results);
    scores.push({
      route,
      performance: scoreOf(median),
      totalBlockingTimeMs: Math.round(metric(median, 'total-blocking-time')),
      runs: results.map(scoreOf),
      error: failed?.runtimeError ? `${failed.runtimeError.code}: ${failed.runtimeError.message}` : null,
    });
  }
  return scores;
}

/** One run of Lighthouse on `url`, run again when it could not be recorded. */
async function recordedRun(url: string): Promise<Result> {
  let lhr: Result | undefined;
  for (let attempt = 0; attempt < ATTEMPTS && (!lhr || lhr.runtimeError); attempt++) lhr = await lighthouse(url);
  return lhr!;
}

/**
 * Lighthouse's command on `url`, with its default settings, the mobile ones (emulated phone,
 * throttled network and CPU). After a runtime error it still prints its result, then exits 1.
 */
async function lighthouse(url: string): Promise<Result> {
  const args = ['exec', '--yes', `--package=${LIGHTHOUSE}`, '--', 'lighthouse', url];
  const flags = ['--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet'];
  const chrome = '--chrome-flags=--headless --no-sandbox --disable-gpu';
  const options = { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 };
  const printed = await promisify(execFile)('npm', [...args, ...flags, chrome], options).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      if (error.stdout?.trimStart().startsWith('{')) return { stdout: error.stdout };
      throw new Error(`Lighthouse gave no result for ${url}: ${error.stderr || error.message}`);
    },
  );
  return JSON.parse(printed.stdout) as Result;
}

const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The run nearest the median first contentful paint and time to interactive, ties to the
 * quickest interactive: how Lighthouse's own `computeMedianRun` picks it.
 */
function medianRun(runs: Result[]): Result {
  const fcp = median(runs.map((lhr) => metric(lhr, 'first-contentful-paint')));
  const tti = median(runs.map((lhr) => metric(lhr, 'interactive')));
  const distance = (lhr: Result) =>
    (fcp - metric(lhr, 'first-contentful-paint')) ** 2 + (tti - metric(lhr, 'interactive')) ** 2;
  return [...runs].sort((a, b) => distance(a) - distance(b) || metric(a, 'interactive') - metric(b, 'interactive'))[0]!;
}

function scoreOf(lhr: Result): number {
  return Math.round((lhr.categories.performance?.score ?? 0) * 100);
}
