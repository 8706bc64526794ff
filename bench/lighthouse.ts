/** Lighthouse's mobile performance score (0–100) of public pages, in headless Chromium. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScore {
  route: string;
  performance: number;
  totalBlockingTimeMs: number;
  /** Why Lighthouse could not score the page (its runtime error), if it could not. */
  error: string | null;
}

const CHROMIUM = '/usr/bin/chromium';

export async function measureLighthouse(base: string, routes: readonly string[]): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const scores: LighthouseScore[] = [];
    for (const route of routes) {
      // Lighthouse's default settings are the mobile ones (emulated phone, throttled network and CPU).
      const result = await lighthouse(base + route, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result?.lhr;
      scores.push({
        route,
        performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
        totalBlockingTimeMs: Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? NaN),
        error: lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
