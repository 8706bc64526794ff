/**
 * The interactive API reference (GET /api/docs, Swagger UI): anyone may read it; it is drawn in
 * the browser from this server alone, under a strict policy of its own (scripts only from here,
 * none inline), with no console error, no CSP report and no request to another host; it lists
 * every call of the document, and "Try it out" sends a call to this server, with the token a
 * person pastes into "Authorize", and shows its answer.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { directives } from '../support/csp.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const SCREENSHOT = '/tmp/api-reference.png';
const TRY_IT_SCREENSHOT = '/tmp/api-reference-try-it.png';

/** The addresses of the page's scripts and style sheets. */
function loadedFiles(html: string): string[] {
  return [...html.matchAll(/<(?:script\b[^>]*\bsrc|link\b[^>]*\brel="stylesheet"[^>]*\bhref)="([^"]*)"/gi)].map(
    ([, address]) => address!,
  );
}

describe('GET /api/docs', () => {
  it('is a page for anyone, with the headers of a page and a strict policy of its own', async () => {
    const answer = await fetch(`${site.url}/api/docs`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect({
      nosniff: answer.headers.get('x-content-type-options'),
      frame: answer.headers.get('x-frame-options'),
      referrer: answer.headers.get('referrer-policy'),
      opener: answer.headers.get('cross-origin-opener-policy'),
      resource: answer.headers.get('cross-origin-resource-policy'),
    }).toEqual({
      nosniff: 'nosniff',
      frame: 'DENY',
      referrer: 'strict-origin-when-cross-origin',
      opener: 'same-origin',
      resource: 'same-origin',
    });
    // The policy of the reference before it was Swagger UI, less the hashes of its inline scripts,
    // its inline styles and the fonts it loaded: stricter, never looser.
    expect(Object.fromEntries(directives(answer.headers.get('content-security-policy') ?? ''))).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    });
    const html = await answer.text();
    expect(html).not.toMatch(/<script\b(?![^>]*\bsrc=)/i);
    // Its files are served from here, each named by its version.
    expect(loadedFiles(html).sort()).toEqual([
      expect.stringMatching(/^\/api\/docs\/assets\/reference\.js\?v=[0-9a-f]{16}$/),
      expect.stringMatching(/^\/api\/docs\/assets\/swagger-ui-bundle\.js\?v=[0-9a-f]{16}$/),
      expect.stringMatching(/^\/api\/docs\/assets\/swagger-ui\.css\?v=[0-9a-f]{16}$/),
    ]);
  });

  it('serves its files compressed, long cached under their version, with the API headers', async () => {
    const html = await (await fetch(`${site.url}/api/docs`)).text();
    for (const address of loadedFiles(html)) {
      const file = await fetch(site.url + address, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect({
        status: file.status,
        type: file.headers.get('content-type'),
        encoding: file.headers.get('content-encoding'),
        cache: file.headers.get('cache-control'),
        nosniff: file.headers.get('x-content-type-options'),
        policy: file.headers.get('content-security-policy'),
      }).toEqual({
        status: 200,
        type: address.includes('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
        encoding: 'br',
        cache: 'public, max-age=31536000, immutable',
        nosniff: 'nosniff',
        policy: "default-src 'none'; frame-ancestors 'none'",
      });
    }
    const bundle = await fetch(`${site.url}/api/docs/assets/swagger-ui-bundle.js`, {
      headers: { 'Accept-Encoding': 'gzip, br;q=0' },
    });
    expect({ encoding: bundle.headers.get('content-encoding'), cache: bundle.headers.get('cache-control') }).toEqual({
      encoding: 'gzip',
      cache: 'no-cache',
    });
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    const missing = await fetch(`${site.url}/api/docs/assets/swagger-ui.js`);
    expect({ status: missing.status, body: await missing.json() }).toEqual({
      status: 404,
      body: { message: 'There is no such file of the reference.' },
    });
  });
});

describe('the reference in the browser', () => {
  let page: Page;
  /** Console errors, uncaught errors and CSP reports (events and console messages). */
  const problems: string[] = [];
  /** Every request the page made, and those to another host (refused). */
  const requests: string[] = [];
  const elsewhere: string[] = [];

  beforeAll(async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const origin = new URL(site.url).origin;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      requests.push(`${route.request().method()} ${url}`);
      if (new URL(url).origin === origin) return route.continue();
      elsewhere.push(url);
      return route.abort('blockedbyclient');
    });
    await context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          console.error(
            `CSP report: ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
          ),
        true,
      );
    });
    page = await context.newPage();
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' || /Refused to|Content[ -]Security[ -]Policy|CSP report/i.test(text))
        problems.push(`console ${message.type()}: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await page.goto(`${site.url}/api/docs`);
  });
  afterAll(() => page?.context().close());

  /** The call whose summary is `summary`, as the reference shows it. */
  const operation = (summary: string): Locator =>
    page.locator('.opblock').filter({ has: page.getByText(summary, { exact: true }) });

  /** Opens the call, presses "Try it out" then "Execute", and returns the request it sent. */
  async function tryOut(summary: string) {
    const call = operation(summary);
    await call.getByText(summary, { exact: true }).click();
    await call.getByRole('button', { name: 'Try it out' }).click();
    const sent = page.waitForRequest((request) => request.url().startsWith(`${site.url}/api/`));
    await call.getByRole('button', { name: 'Execute' }).click();
    return { call, request: await sent };
  }

  it('lists every call of the document, drawn from this server alone', async () => {
    await page.getByRole('heading', { name: /^School website API/ }).waitFor();
    await expect(page.title()).resolves.toBe('School website API reference');
    const document = await (await fetch(`${site.url}/api/openapi.json`)).json();
    const calls = Object.entries(document.paths as Record<string, object>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls.length).toBeGreaterThan(50);
    await expect.poll(() => page.locator('.opblock').count()).toBe(calls.length);
    const shown = await page
      .locator('.opblock-summary')
      .evaluateAll((summaries) =>
        summaries.map(
          (summary) =>
            `${summary.querySelector('.opblock-summary-method')?.textContent} ${summary.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
    expect(shown.sort()).toEqual(calls.sort());
    await operation('The interactive API reference').waitFor();
    await page.screenshot({ path: SCREENSHOT });
    expect(requests).toEqual(
      expect.arrayContaining([
        `GET ${site.url}/api/docs`,
        expect.stringMatching(/^GET .*\/api\/docs\/assets\/swagger-ui-bundle\.js\?v=/),
        expect.stringMatching(/^GET .*\/api\/docs\/assets\/reference\.js\?v=/),
        `GET ${site.url}/api/openapi.json`,
      ]),
    );
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    // The page names its language; the rest of the markup is Swagger UI's own: reported, not required.
    const accessibility = (await seriousA11yViolations(page)).map((violation) => violation.split(' at ')[0]);
    expect(accessibility).not.toContainEqual(expect.stringMatching(/^html-has-lang/));
    if (accessibility.length) console.log(`axe-core, serious, in Swagger UI's markup:\n${accessibility.join('\n')}`);
  });

  it('tries a call against this server and shows its answer', async () => {
    const { call, request } = await tryOut('The site content');
    expect({ method: request.method(), url: request.url() }).toEqual({ method: 'GET', url: `${site.url}/api/content` });
    expect((await request.response())?.status()).toBe(200);
    await call.locator('.live-responses-table').getByRole('cell', { name: '200', exact: true }).waitFor();
    await call.locator('.live-responses-table').getByText('"schoolName"').first().waitFor();
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it('tries a call that needs a token with the one pasted into "Authorize"', async () => {
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    // Swagger UI's dialog, which has no dialog role.
    const dialog = page.locator('.modal-ux').filter({ hasText: 'Available authorizations' });
    await dialog.getByRole('textbox').fill(site.token);
    await dialog.getByRole('button', { name: 'Apply credentials' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The body Swagger UI fills in is the document's example.
    const { call, request } = await tryOut('Change the school details');
    expect({ method: request.method(), url: request.url(), authorization: request.headers().authorization }).toEqual({
      method: 'PUT',
      url: `${site.url}/api/settings`,
      authorization: `Bearer ${site.token}`,
    });
    expect((await request.response())?.status()).toBe(200);
    await call.locator('.live-responses-table').getByRole('cell', { name: '200', exact: true }).waitFor();
    await call.locator('.live-responses-table').getByText('"schoolName"').first().waitFor();
    await page.screenshot({ path: TRY_IT_SCREENSHOT });
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
