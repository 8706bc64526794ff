/**
 * Two accessibility engines over the whole site at scale (issue 22, item 5): on the large demo
 * (1,000 news, 1,000 events, 2,000 photos) in English, Hindi and Arabic (issue 34, item 8), every
 * public page of each language reached by links from the home page
 * and each dashboard view has no axe-core violation and no HTML_CodeSniffer error at WCAG2AA
 * (tests/support/accessibility-engines.ts). Contrast HTMLCS cannot decide because the text sits on
 * a background image or gradient fails too: such a background gets a solid colour it can measure.
 * One browser page, pages in sequence: about 0.5 s a page on a quiet 2-core machine. `npm test`
 * checks the first and the last page of each kind, `npm run test:long` every page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pathInLanguage } from '../../site/lib/language-paths.ts';
import { TOKEN_KEY } from '../browser/admin-harness.ts';
import { describeFinding, loadEngines, runEngines } from '../support/accessibility-engines.ts';
import { call } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { crawlPages } from '../support/crawl-pages.ts';
import { LARGE_DEMO_START_MS, type LargeDemo, startLargeDemo } from '../support/large-demo.ts';
import { pagesToCheck } from '../support/run-length.ts';
import type { RunningServer } from '../support/server.ts';
import { scrollThrough } from './page-checks.ts';
import { NOT_FOUND_ROUTE } from './routes.ts';

/** HTMLCS's warning that it cannot measure a text's contrast over a background image or gradient. */
const OVER_IMAGE = /\.1_4_3\.G(18|145)\.BgImage$/;

let demo: LargeDemo;
let server: RunningServer;
let token: string;
let browser: Browser;

beforeAll(async () => {
  demo = await startLargeDemo();
  ({ server, token } = demo);
  browser = await launchBrowser();
}, LARGE_DEMO_START_MS);

afterAll(async () => {
  await browser?.close();
  await demo?.dispose();
});

/** Both engines on the page as shown now: one line per problem, naming where, the rule and the element. */
async function problems(page: Page, where: string): Promise<string[]> {
  const report = await runEngines(page, { undecided: OVER_IMAGE });
  return [...report.failures, ...report.undecided].map((finding) => describeFinding(where, finding));
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await loadEngines(context);
  return context.newPage();
}

/** A page with one problem of each kind the engines report, to show they are running. */
const PLANTED = `<!doctype html><html lang="en"><head><title>Planted</title></head><body><main>
<h1>Planted problems</h1><img src="/photo.png"><a href="#nowhere">Go</a>
<div style="background: linear-gradient(#000, #fff)"><p style="color: #777">Over a gradient</p></div>
</main></body></html>`;

it('reports a problem of each kind on a page planted with them', async () => {
  const page = await newPage();
  await page.route('http://planted.test/', (route) => route.fulfill({ contentType: 'text/html', body: PLANTED }));
  await page.goto('http://planted.test/');
  const found = await problems(page, '/planted');
  await page.context().close();
  expect(found).toEqual([
    expect.stringMatching(/^\/planted — axe image-alt at img: Images must have alternative text/),
    expect.stringMatching(/^\/planted — HTMLCS .*\.1_1_1\.H37 at main > img: Img element missing an alt attribute/),
    expect.stringMatching(
      /^\/planted — HTMLCS .*\.NoSuchID at main > a "Go": This link points to a named anchor "nowhere"/,
    ),
    expect.stringMatching(/^\/planted — HTMLCS .*\.1_4_3\.G18\.BgImage at div > p "Over a gradient"/),
  ]);
});

it('finds nothing on any public page of the large demo, in each of its languages', { timeout: 1_800_000 }, async () => {
  // The demo is in English, Hindi and Arabic: each language's pages are reached from its home page.
  const { languages } = (await call<{ languages: string[] }>(server.url, 'GET', '/api/settings')).body;
  expect(languages).toEqual(['en', 'hi', 'ar']);
  const notFound = languages.map((tag) => pathInLanguage(NOT_FOUND_ROUTE, tag, languages));
  const crawled = [...(await crawlPages(server.url)).keys(), ...notFound];
  expect(crawled.length).toBeGreaterThan(450);
  expect(crawled).toEqual(expect.arrayContaining(['/hi/', '/ar/', '/hi/eventsnews', '/ar/gallery']));
  const paths = pagesToCheck(crawled, languages);
  const page = await newPage();
  const started = Date.now();
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(server.url + path);
    found.push(...(await problems(page, path)));
  }
  console.log(
    `Two engines on ${paths.length} of ${crawled.length} public pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await page.context().close();
  expect(found.join('\n')).toBe('');
});

it('finds nothing on the login page and in any view of the dashboard', { timeout: 300_000 }, async () => {
  const page = await newPage();
  const found: string[] = [];
  for (const path of ['/admin', '/admin/login']) {
    await page.goto(server.url + path);
    await page.getByLabel('Username').waitFor();
    found.push(...(await problems(page, path)));
  }

  await signIn(page, token);
  const views = await dashboardViews(page, '/admin/dashboard');
  expect(views.length).toBeGreaterThan(10);
  const started = Date.now();
  let checked = 0;
  for (const view of views) {
    found.push(...(await problems(await openView(page, view), `/admin/dashboard#${view}`)));
    // A view's form for changing an item (the visual editor, the alt text field) opens by its Edit button.
    const edit = page.locator(`[data-view="${view}"]`).getByRole('button', { name: 'Edit', exact: true });
    if ((await edit.count()) > 0) {
      await edit.first().click();
      await editorsReady(page, view);
      found.push(...(await problems(page, `/admin/dashboard#${view}, editing its first item`)));
      checked += 1;
    }
  }

  // "Your account" is shown to those who do not manage accounts: an Editor.
  const editor = { username: 'esha', password: 'esha-password-1', role: 'editor' };
  expect((await call(server.url, 'POST', '/api/admin/create', { token, json: editor })).status).toBe(201);
  const login = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', { json: editor });
  await signIn(page, login.body.token);
  const editorViews = await dashboardViews(page, '/admin/dashboard#account');
  expect(editorViews).toContain('account');
  found.push(...(await problems(await openView(page, 'account'), '/admin/dashboard#account (an Editor)')));

  console.log(
    `Two engines on ${views.length + 1} dashboard views and ${checked} edit forms in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await page.context().close();
  expect(found.join('\n')).toBe('');
});

/** Leaves the token where a login leaves it, from a page other than the dashboard (which then loads anew). */
async function signIn(page: Page, as: string): Promise<void> {
  await page.goto(`${server.url}/admin/login`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, as]);
}

/** The dashboard's views as its navigation lists them, once it opened at `path`. */
async function dashboardViews(page: Page, path: string): Promise<string[]> {
  await page.goto(server.url + path);
  const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
  await nav.waitFor();
  return nav.locator('a[href^="#"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!.slice(1)));
}

/** Opens the view `id` by its address and waits until what it reads from the server has arrived. */
async function openView(page: Page, id: string): Promise<Page> {
  await page.goto(`${server.url}/admin/dashboard#${id}`);
  await page.locator(`[data-view="${id}"]`).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await editorsReady(page, id);
  return page;
}

/**
 * Waits until every long-text field of the view shows the visual editor, not the textarea it starts
 * as: each field loads it once it has been on screen, so the view is scrolled through first, and a
 * field a quick scroll of a busy browser passed over unseen is brought into view.
 */
async function editorsReady(page: Page, id: string): Promise<void> {
  await scrollThrough(page);
  const waiting = page.locator(`[data-view="${id}"] .markdown-field .markdown-source`);
  await expect
    .poll(
      async () => {
        const left = await waiting.count();
        if (left > 0) {
          await waiting
            .first()
            .evaluate((source) => source.closest('.markdown-field')?.scrollIntoView({ block: 'center' }));
        }
        return left;
      },
      { timeout: 90_000 },
    )
    .toBe(0);
}
