/**
 * PUBLIC_API_ORIGIN: pages built for a static host call the API on the server's origin. The
 * contact form of the built site, served by a plain file host on another origin, posts to the
 * server, which answers CORS for the site's origin (SITE_URL) and no other.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { type StaticHost, serveFolder } from '../support/static-host.ts';

const run = promisify(execFile);
let outDir: string;
let host: StaticHost;
const env: Record<string, string> = {};
// Registered before the server's hooks: the static host's origin is the server's SITE_URL.
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'api-origin-build-'));
  host = await serveFolder(outDir);
  Object.assign(env, { SITE_URL: host.url, PUBLIC_API_ORIGIN: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await host?.close();
  await rm(outDir, { recursive: true, force: true });
});
const site = testServer({ admin: true, env });
const browser = testBrowser();

beforeAll(async () => {
  await run(process.execPath, ['admin-api/build/cli.ts', '--out', outDir], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir, PUBLIC_API_ORIGIN: site.url },
  });
}, 300_000);

describe('a static site whose API is elsewhere', () => {
  it('sends the contact form to the API origin', async () => {
    const { page, close, errors, cspViolations } = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    try {
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posted.push(request.url());
      });
      await page.goto(`${host.url}/contact`, { waitUntil: 'networkidle' });
      await hydrated(page);
      await page.getByLabel('Name').fill('Ravi Menon');
      await page.getByLabel('Email').fill('ravi.menon@example.org');
      await page.getByLabel('Subject').selectOption('academic');
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Is there a bus from Indiranagar?');
      await page.getByRole('checkbox', { name: /I agree that the school keeps these details/ }).check();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('heading', { name: 'Thank you, Ravi Menon!' }).waitFor();
      expect(posted).toEqual([`${site.url}/api/contact`]);
      expect(errors).toEqual([]);
      // Under the policy the built page carries (its scripts by hash, the API's origin allowed).
      expect(cspViolations).toEqual([]);
    } finally {
      await close();
    }
    const [stored] = (await site.asAdmin('GET', '/api/admin/messages')).body;
    expect(stored).toMatchObject({
      name: 'Ravi Menon',
      message: 'Is there a bus from Indiranagar?',
      consent: { givenAt: expect.any(String), notice: expect.stringMatching(/^notice-[0-9a-f]{12}$/) },
    });
  });

  it("keeps each page's script and style policy in the page, where the browser enforces it", async () => {
    const html = await (await fetch(`${host.url}/contact`)).text();
    const policy = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
    expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
    expect(policy).toContain(`connect-src 'self' ${site.url}`);
    expect(html.indexOf('http-equiv="content-security-policy"')).toBeLessThan(html.indexOf('<script'));

    const { page, close, cspViolations } = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    try {
      await page.goto(`${host.url}/contact`, { waitUntil: 'networkidle' });
      await page.evaluate(() => fetch('https://elsewhere.example/steal').catch(() => null));
      await expect.poll(() => cspViolations.join('\n')).toContain('connect-src');
    } finally {
      await close();
    }
  });

  it("answers CORS for the site's origin only, preflight included", async () => {
    const preflight = (origin: string) =>
      fetch(`${site.url}/api/contact`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    const allowed = await preflight(host.url);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(host.url);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    const other = await preflight('https://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${site.url}/api/content`, { headers: { Origin: 'https://elsewhere.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});
