/**
 * The interactive API reference (GET /api/docs, Scalar): anyone may read it; it is drawn in the
 * browser from this server alone, under a strict policy of its own (script only from here and
 * its inline script by hash), with no console error, no CSP report and no request to another
 * host; and "Test Request" sends a call to this server with the token a person pastes.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { directives } from '../support/csp.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const SCREENSHOT = '/tmp/api-reference.png';
const TRY_IT_SCREENSHOT = '/tmp/api-reference-try-it.png';

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
    const policy = directives(answer.headers.get('content-security-policy') ?? '');
    const html = await answer.text();
    // Every inline script is allowed by the hash of its exact text, and by nothing looser.
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
      ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(policy.get('script-src')).toEqual(["'self'", ...inline]);
    expect(Object.fromEntries([...policy].filter(([name]) => name !== 'script-src'))).toEqual({
      'default-src': ["'none'"],
      // Scalar adds <style> elements as it runs and sets style attributes: styles only may be inline.
      'style-src': ["'self'", "'unsafe-inline'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    });
    // Its one script file is served from here, named by its version.
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/gi)].map(([, src]) => src);
    expect(sources).toEqual([expect.stringMatching(/^\/api\/docs\/scalar\.js\?v=\d+\.\d+\.\d+$/)]);
  });

  it('serves its script compressed, long cached under its version, with the API headers', async () => {
    const html = await (await fetch(`${site.url}/api/docs`)).text();
    const src = /<script\b[^>]*\bsrc="([^"]*)"/i.exec(html)![1]!;
    const script = await fetch(site.url + src, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(script.status).toBe(200);
    expect({
      type: script.headers.get('content-type'),
      encoding: script.headers.get('content-encoding'),
      cache: script.headers.get('cache-control'),
      nosniff: script.headers.get('x-content-type-options'),
      policy: script.headers.get('content-security-policy'),
    }).toEqual({
      type: 'text/javascript; charset=utf-8',
      encoding: 'br',
      cache: 'public, max-age=31536000, immutable',
      nosniff: 'nosniff',
      policy: "default-src 'none'; frame-ancestors 'none'",
    });
    expect(await script.text()).toContain('createApiReference');
    const gzip = await fetch(`${site.url}/api/docs/scalar.js`, { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect({ encoding: gzip.headers.get('content-encoding'), cache: gzip.headers.get('cache-control') }).toEqual({
      encoding: 'gzip',
      cache: 'no-cache',
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

  it('draws the API from this server alone: no console error, no CSP report, no other host', async () => {
    await page.getByRole('heading', { name: 'School website API', exact: true }).waitFor();
    await page.getByRole('link', { name: 'The school details' }).first().waitFor();
    await expect(page.title()).resolves.toBe('School website API reference');
    // The groups of the document, and the reference's own calls among them.
    await page.getByRole('button', { name: 'Open Group - Reference' }).click();
    await page.getByRole('link', { name: 'The interactive API reference' }).waitFor();
    await page.screenshot({ path: SCREENSHOT });
    expect(requests).toEqual(
      expect.arrayContaining([
        `GET ${site.url}/api/docs`,
        expect.stringMatching(/^GET .*\/api\/docs\/scalar\.js\?v=/),
        `GET ${site.url}/api/openapi.json`,
      ]),
    );
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    // The page names its language; the rest of the markup is Scalar's own: reported, not required.
    const accessibility = (await seriousA11yViolations(page)).map((violation) => violation.split(' at ')[0]);
    expect(accessibility).not.toContainEqual(expect.stringMatching(/^html-has-lang/));
    if (accessibility.length) console.log(`axe-core, serious, in Scalar's markup:\n${accessibility.join('\n')}`);
  });

  it('tries a call against this server with a pasted token, and shows its answer', async () => {
    await page.getByPlaceholder('Token').first().fill(site.token);
    await page.getByRole('link', { name: 'Change the school details' }).first().click();
    await page.getByRole('button', { name: /Test Request.*put \/api\/settings/i }).click();
    const client = page.getByRole('dialog');
    const sent = page.waitForRequest((request) => request.method() === 'PUT');
    await client.getByRole('button', { name: /Send put request to \/api\/settings/i }).click();
    const request = await sent;
    expect({ url: request.url(), authorization: request.headers().authorization }).toEqual({
      url: `${site.url}/api/settings`,
      authorization: `Bearer ${site.token}`,
    });
    expect((await request.response())?.status()).toBe(200);
    await client.getByText('200 OK').waitFor();
    await client.getByText('"schoolName"').first().waitFor();
    await page.screenshot({ path: TRY_IT_SCREENSHOT });
    // The page's policy lets it call the API with a token, as any script of the page would.
    const session = await page.evaluate(async (token) => {
      const answer = await fetch('/api/admin/session', { headers: { Authorization: `Bearer ${token}` } });
      return answer.status;
    }, site.token);
    expect(session).toBe(200);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
