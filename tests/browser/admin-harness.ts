/** What the administrator-area browser tests share: a logged-in page, CSP watch, test images. */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { solidImage } from '../api/test-images.ts';
import type { Site } from '../support/harness.ts';

export const TOKEN_KEY = 'adminToken';

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Fails the test on any Content-Security-Policy violation or uncaught script error. */
  expectNoProblems(): void;
  /** Resolves once no request of the page has been in flight for `quietMs`: the reads it started have come. */
  settled(quietMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A fresh browser context and page whose console is watched for CSP violations. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content[ -]Security[ -]Policy|Refused to (apply|execute|load)/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  let inFlight = 0;
  let lastChange = Date.now();
  const count = (change: number) => () => {
    inFlight += change;
    lastChange = Date.now();
  };
  page.on('request', count(1));
  page.on('requestfinished', count(-1));
  page.on('requestfailed', count(-1));
  return {
    page,
    context,
    expectNoProblems: () => expect(problems).toEqual([]),
    settled: async (quietMs = 300) => {
      while (inFlight > 0 || Date.now() - lastChange < quietMs) await new Promise((wake) => setTimeout(wake, 50));
    },
    close: () => context.close(),
  };
}

/** Runs `use` in a fresh watched page, fails on any CSP violation or script error, and closes it. */
export async function inPage(browser: Browser, use: (page: Page) => Promise<void>): Promise<void> {
  const watched = await openPage(browser);
  try {
    await use(watched.page);
    watched.expectNoProblems();
  } finally {
    await watched.close();
  }
}

/** Opens the dashboard with `token` stored, as a login would have left it. */
export async function openDashboard(
  browser: Browser,
  base: string,
  token: string,
  viewport?: { width: number; height: number },
) {
  const watched = await openPage(browser, viewport);
  await storeToken(watched.page, base, token);
  await watched.page.goto(`${base}/admin/dashboard`);
  await watched.page.getByRole('heading', { name: 'Logos' }).waitFor();
  return watched;
}

export async function storeToken(page: Page, base: string, token: string): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** Answers the next confirmation dialog; resolves with its text once it was shown. */
export function answerNextConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const text = dialog.message();
      expect(dialog.type()).toBe('confirm');
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(text);
    });
  });
}

/** A small PNG file for an `<input type="file">`. */
export async function pngFile(name: string, colour = { r: 40, g: 140, b: 90 }) {
  return { name, mimeType: 'image/png', buffer: await solidImage('png', 64, 48, colour) };
}

/** The alerts (role="alert") inside `scope` that contain `text`. */
export function alertIn(scope: ReturnType<Page['locator']>, text: string) {
  return scope.getByRole('alert').filter({ hasText: text });
}

export interface TestDashboard extends WatchedPage {
  /** Waits until the dashboard says the change is on the public site, and checks the server agrees. */
  expectLive(): Promise<void>;
}

/**
 * Registers the hooks that open the dashboard of `site` (logged in) once for this file, in the
 * browser of `testBrowser()`, and close it after; answers the page, read inside hooks and tests.
 */
export function testDashboard(site: Site, browser: () => Browser): TestDashboard {
  let watched: WatchedPage | undefined;
  beforeAll(async () => {
    watched = await openDashboard(browser(), site.url, site.token);
  });
  afterAll(() => watched?.close());
  const opened = () => {
    if (!watched) throw new Error('The dashboard is not open yet: use it inside a hook or a test.');
    return watched;
  };
  return {
    get page() {
      return opened().page;
    },
    get context() {
      return opened().context;
    },
    expectNoProblems: () => opened().expectNoProblems(),
    settled: (quietMs) => opened().settled(quietMs),
    close: () => opened().close(),
    async expectLive() {
      await opened()
        .page.getByRole('status')
        .filter({ hasText: /^Live$/ })
        .waitFor();
      await site.waitUntilLive();
    },
  };
}

/**
 * Opens the dashboard's view `id` (`site`, `events`, `alumni`…) from its navigation, as a user
 * would: the sidebar, or on a phone the menu first. Does nothing when that view is already shown.
 */
export async function openSection(page: Page, id: string): Promise<void> {
  const view = page.locator(`[data-view="${id}"]`);
  if (await view.isVisible()) return;
  const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
  const menu = nav.locator('.section-nav-toggle');
  if (await menu.isVisible()) await menu.click();
  await nav.locator(`a[href="#${id}"]`).click();
  await view.waitFor({ state: 'visible' });
}

/**
 * The Markdown source of the long text labelled `label` inside `scope` (a description, a page's
 * text): switches its field from the visual editor to the Markdown textarea and answers the
 * textarea, to `fill` and read with `inputValue` as any other field.
 */
export async function markdownSource(scope: Locator, label: string): Promise<Locator> {
  const field = scope
    .locator('.markdown-field')
    .filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}`) }) });
  const toggle = field.getByRole('button', { name: 'Markdown' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  return field.locator('textarea');
}
