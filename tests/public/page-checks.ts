/**
 * What every browser test of the public site watches: Content-Security-Policy violations and
 * uncaught errors in the console, serious accessibility problems (axe-core), and the JavaScript a
 * page ships.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliCompressSync } from 'node:zlib';
import type { Browser, Page, Request } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface WatchedPage {
  page: Page;
  /** Console reports of blocked scripts, styles or other resources. */
  cspViolations: string[];
  /** Uncaught exceptions and console errors other than CSP reports. */
  errors: string[];
  /** Compressed bytes of JavaScript files loaded over the network. */
  scriptBytes: () => number;
  /**
   * Waits until the page's islands have hydrated and none of its requests is still loading (and
   * measured): what Playwright's `networkidle` waits for, without its half-second of quiet.
   */
  settled: () => Promise<void>;
  close: () => Promise<void>;
}

export interface PageOptions {
  viewport: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
}

export async function watchedPage(browser: Browser, options: PageOptions): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport, reducedMotion: options.reducedMotion });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  const errors: string[] = [];
  const scripts = new Map<string, number>();
  const loading = new Set<Request>();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    // A 404 page reports its own status as a failed load: that is the page, not an error in it.
    else if (message.type() === 'error' && message.location().url !== page.url()) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => loading.add(request));
  page.on('requestfailed', (request) => loading.delete(request));
  page.on('requestfinished', async (request) => {
    if (request.resourceType() === 'script') await measureScript(request);
    loading.delete(request);
  });
  const measureScript = async (request: Request) => {
    // A script that finishes as the page closes can no longer be measured, nor is it needed.
    // Any other failure is reported with the page's errors: thrown from here, it would be unhandled.
    const sizes = await request.sizes().catch((error: Error) => {
      if (!page.isClosed() && !/has been closed/i.test(error.message))
        errors.push(`Measuring a script: ${error.message}`);
      return null;
    });
    if (sizes) scripts.set(request.url(), Math.max(0, sizes.responseBodySize));
  };
  return {
    page,
    cspViolations,
    errors,
    scriptBytes: () => [...scripts.values()].reduce((sum, size) => sum + size, 0),
    async settled() {
      await hydrated(page);
      const deadline = Date.now() + 30_000;
      while (loading.size > 0) {
        if (Date.now() > deadline) {
          throw new Error(`Still loading after 30 s: ${[...loading].map((request) => request.url()).join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => context.close(),
  };
}

/** The serious and critical axe-core violations on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's own CSP does not apply to it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/** Bytes of JavaScript written into the page itself, brotli-compressed as the page is served. */
export async function inlineScriptBytes(page: Page): Promise<number> {
  const code = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '').join('\n'),
  );
  return code ? brotliCompressSync(code).length : 0;
}

/** True when the page is wider than the window (a sideways scroll on a phone). */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * Scrolls to the bottom and back so that client:visible islands and lazy images load. After each
 * step it waits for a frame, or a tenth of a second: a headless Chromium that draws no frame for a
 * page (seen once in a busy run) would otherwise hold the test until its timeout, saying nothing.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => {
        requestAnimationFrame(resolve);
        setTimeout(resolve, 100);
      });
    }
    window.scrollTo(0, 0);
  });
}

/** Waits until every island on the page has hydrated (Astro removes `ssr` when it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
