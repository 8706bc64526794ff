/**
 * `npm run bench:browser`: what a browser test costs in each Chromium the tests may run in
 * (tests/support/chromium-path.ts), side by side in one run: Debian's Chromium and its headless
 * shell. On the default site, each opens the public pages and the login page at a phone's and a
 * desktop's width, takes a full-page screenshot and runs both accessibility engines, as the
 * browser tests do; ROUNDS times, alternating. Prints the medians of the wall time and of the CPU
 * the browser and all its processes took.
 */
import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';
import { PUBLIC_ROUTES, VIEWPORTS } from '../tests/public/routes.ts';
import { loadEngines, runEngines } from '../tests/support/accessibility-engines.ts';
import { launchOptions } from '../tests/support/browser.ts';
import { CHROMIUM, HEADLESS_SHELL } from '../tests/support/chromium-path.ts';
import { disposeServer, startServer } from '../tests/support/server.ts';
import { percentile } from './edit-to-live.ts';
import { watchTreeCpu } from './process-cpu.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PATHS = [...PUBLIC_ROUTES, '/admin'];

/** One pass over the pages in the browser `server` runs. */
async function browse(server: BrowserServer, base: string): Promise<void> {
  const browser = await chromium.connect(server.wsEndpoint());
  for (const viewport of Object.values(VIEWPORTS)) {
    const context = await browser.newContext({ viewport });
    await loadEngines(context);
    const page = await context.newPage();
    for (const path of PATHS) {
      await page.goto(base + path);
      await page.screenshot({ fullPage: true });
      await runEngines(page);
    }
    await context.close();
  }
  await browser.close();
}

const browsers = { chromium: CHROMIUM, 'headless shell': HEADLESS_SHELL };
for (const [name, path] of Object.entries(browsers)) {
  if (!existsSync(path))
    throw new Error(`${name} is not installed at ${path}: apt-get install chromium chromium-headless-shell`);
}

const site = await startServer();
const figures = new Map<string, { wallMs: number[]; cpuMs: number[] }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, executablePath] of Object.entries(browsers)) {
    const server = await chromium.launchServer({ ...launchOptions(), executablePath });
    const cpu = watchTreeCpu(server.process().pid!);
    const started = performance.now();
    await browse(server, site.url);
    const wallMs = performance.now() - started;
    const cpuMs = cpu.stop();
    await server.close();
    const figure = figures.get(name) ?? { wallMs: [], cpuMs: [] };
    figure.wallMs.push(wallMs);
    figure.cpuMs.push(cpuMs);
    figures.set(name, figure);
  }
}
await disposeServer(site);

console.log(
  `${PATHS.length} pages at ${Object.keys(VIEWPORTS).length} widths, each screenshot and checked by both engines; median of ${ROUNDS}:`,
);
for (const [name, { wallMs, cpuMs }] of figures) {
  console.log(
    `  ${name.padEnd(15)} wall ${Math.round(percentile(wallMs, 50))} ms, browser CPU ${Math.round(percentile(cpuMs, 50))} ms`,
  );
}
