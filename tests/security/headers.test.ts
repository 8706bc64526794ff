/**
 * What protects a visitor's browser: a Content-Security-Policy without `unsafe-inline` scripts on
 * every page (in its `<meta>` and its header, both parsed), `frame-ancestors 'none'`, `nosniff`
 * and a Referrer-Policy on every page, API answer and image; and markup typed into the content
 * (or into an alumni registration) stays text on the public pages and in the dashboard, so the
 * policy never has to step in.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEADERSHIP_ROLES } from '../../site/contract/content.ts';
import { uploaded } from '../api/helpers.ts';
import { solidImage } from '../api/test-images.ts';
import { openDashboard, openPage, openSection } from '../browser/admin-harness.ts';
import { directives } from '../support/csp.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { filesUnder, fileTally, rawRequest } from './support.ts';

const tally = fileTally('Headers and injected markup');
const site = testServer({ admin: true });
const browser = testBrowser();

/** Each would run a script, or add an element, if it reached a page as markup. */
const PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '"><img src=x onerror="window.__xss = 2">',
  '\'><svg onload="window.__xss = 3"></svg>',
  '</title></script><script>window.__xss = 4</script>',
  '<a href="javascript:window.__xss = 5">click</a>',
];
const payload = (i: number) => PAYLOADS[i % PAYLOADS.length]!;

let imageId: string;
beforeAll(async () => {
  const image = await uploaded(site.url, site.token, await solidImage('png', 64, 48), payload(1));
  imageId = image.imageId;
  const post = (path: string, json: unknown) => site.asAdmin('POST', path, { json });
  await post('/api/logos', { ...image, originalName: payload(2) });
  for (const [i, list] of ['gallery', 'homegallery'].entries())
    await post(`/api/${list}`, { ...image, caption: payload(i) });
  await post('/api/events', {
    title: payload(0),
    description: payload(1),
    location: payload(2),
    date: '2031-04-04',
    image,
  });
  await post('/api/events', { title: payload(3), description: payload(4), date: '2020-04-04' });
  await post('/api/news', { title: payload(1), description: payload(0), priority: 'high', image });
  const content = (await site.call('GET', '/api/content')).body;
  for (const [i, role] of LEADERSHIP_ROLES.entries()) content[`${role}Message`] = `${payload(i)} ${'word '.repeat(30)}`;
  await site.asAdmin('PUT', '/api/content', { json: content });
  await site.call('POST', '/api/alumni', {
    json: {
      fullName: payload(1),
      gender: 'female',
      mobile: '+91 98000 55555',
      email: 'markup@example.org',
      address: payload(0),
      periodOfStudy: payload(3).slice(0, 50),
      qualification: payload(2),
      occupation: payload(4),
      message: payload(0),
    },
  });
  await site.waitUntilLive();
});

/** The URL paths of every page of the built site, the admin area's included, and a missing one. */
async function pagePaths(): Promise<string[]> {
  const files = await filesUnder(join(site.dataDir, 'site', 'current', 'public'));
  const pages = files
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '')}`);
  return [...pages, '/no-such-page'];
}

const UNSAFE_SCRIPT_SOURCES = [
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'unsafe-hashes'",
  '*',
  'data:',
  'http:',
  'https:',
  'blob:',
];

/** Checks that apply to every answer: pages, assets, API answers, images, refusals. */
function expectCommonHeaders(what: string, headers: Headers, frameAncestors: string[]) {
  expect({ what, nosniff: headers.get('x-content-type-options') }).toEqual({ what, nosniff: 'nosniff' });
  expect({ what, referrer: headers.get('referrer-policy') }).toEqual({
    what,
    referrer: expect.stringMatching(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/),
  });
  expect({ what, frameAncestors }).toEqual({ what, frameAncestors: ["'none'"] });
  tally.add('answers with every header');
}

describe('every page', () => {
  it("has a script policy without 'unsafe-inline' (meta and header), frame-ancestors 'none', nosniff and a Referrer-Policy", async () => {
    const paths = await pagePaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/admin', '/admin/dashboard', '/eventsnews', '/gallery']));
    for (const path of paths) {
      const response = await fetch(site.url + path);
      const html = await response.text();
      const meta = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i.exec(html)?.[1];
      const policies = [response.headers.get('content-security-policy'), meta]
        .filter((p): p is string => !!p)
        .map(directives);
      const scriptPolicies = policies
        .map((policy) => policy.get('script-src') ?? policy.get('default-src'))
        .filter(Boolean);
      expect({ path, scriptPolicies: scriptPolicies.length }).not.toEqual({ path, scriptPolicies: 0 });
      for (const sources of scriptPolicies) {
        expect({ path, unsafe: sources!.filter((source) => UNSAFE_SCRIPT_SOURCES.includes(source)) }).toEqual({
          path,
          unsafe: [],
        });
      }
      const frameAncestors = policies.flatMap((policy) => policy.get('frame-ancestors') ?? []);
      expectCommonHeaders(path, response.headers, frameAncestors);
      // No plugins, no <base> pointing elsewhere, forms only to this site.
      const page = policies[policies.length - 1]!;
      expect({
        path,
        object: page.get('object-src'),
        base: page.get('base-uri'),
        forms: page.get('form-action'),
      }).toEqual({
        path,
        object: ["'none'"],
        base: ["'self'"],
        forms: ["'self'"],
      });
      tally.add('pages checked');
    }
  });
});

describe('every API answer, image and asset', () => {
  it("carries default-src 'none' (answers are data), frame-ancestors 'none', nosniff and a Referrer-Policy", async () => {
    const content = await fetch(`${site.url}/api/content`);
    const asset = (await filesUnder(join(site.dataDir, 'site', 'current', 'public'))).find((file) =>
      file.startsWith('_astro/'),
    );
    const auth = { Authorization: `Bearer ${site.token}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const requests: [what: string, method: string, path: string, headers?: Record<string, string>, body?: string][] = [
      ['content', 'GET', '/api/content'],
      ['content, unchanged', 'GET', '/api/content', { 'If-None-Match': content.headers.get('etag')! }],
      ['events', 'GET', '/api/events'],
      ['news, HEAD', 'HEAD', '/api/news'],
      ['image', 'GET', `/api/image/${imageId}`],
      ['rendition', 'GET', `/api/image/${imageId}?w=320`],
      ['image, unchanged', 'GET', `/api/image/${imageId}`, { 'If-None-Match': `"${imageId}"` }],
      ['unknown image', 'GET', `/api/image/${'0'.repeat(32)}.png`],
      ['wrong width', 'GET', `/api/image/${imageId}?w=1`],
      ['no such call', 'GET', '/api/nothing'],
      ['not logged in', 'GET', '/api/admin/alumni'],
      ['administrator answer', 'GET', '/api/admin/alumni', auth],
      ['broken JSON', 'POST', '/api/events', json, '{"title":'],
      ['too large', 'POST', '/api/events', json, JSON.stringify({ title: 'x'.repeat(1_100_000) })],
      ['not JSON', 'POST', '/api/alumni', { 'Content-Type': 'text/plain' }, 'name=x'],
      ['traversal', 'GET', '/api/image/..%2f..%2fdata%2fadmins.json'],
    ];
    for (const [what, method, path, headers, body] of requests) {
      const answer = await rawRequest(site.url, { method, path, headers, body });
      const policy = directives(String(answer.headers['content-security-policy'] ?? ''));
      expect({ what, status: answer.status < 500, defaultSrc: policy.get('default-src') }).toEqual({
        what,
        status: true,
        defaultSrc: ["'none'"],
      });
      expectCommonHeaders(
        what,
        new Headers(answer.headers as Record<string, string>),
        policy.get('frame-ancestors') ?? [],
      );
    }
    for (const path of [`/${asset}`, '/favicon.svg']) {
      const answer = await fetch(site.url + path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expectCommonHeaders(
        path,
        answer.headers,
        directives(answer.headers.get('content-security-policy') ?? '').get('frame-ancestors') ?? [],
      );
    }
  });
});

/** What a payload would have left in the page had it been taken as markup. */
function injected(page: Page) {
  return page.evaluate(() => ({
    ran: (window as { __xss?: number }).__xss ?? null,
    handlers: [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => attribute.name.startsWith('on'))
        .map((attribute) => `${element.tagName} ${attribute.name}`),
    ),
    elements: [...document.querySelectorAll('img[src="x"], svg[onload], a[href^="javascript:"]')].map(
      (e) => e.outerHTML,
    ),
    scripts: [...document.scripts]
      .filter((script) => (!script.type || /javascript|module/.test(script.type)) && script.text.includes('__xss'))
      .map((script) => script.outerHTML),
  }));
}

const NOTHING_INJECTED = { ran: null, handlers: [], elements: [], scripts: [] };

describe('markup typed into the content or a registration', () => {
  it('stays text on every public page', async () => {
    const watched = await openPage(browser());
    for (const path of await pagePaths()) {
      if (path.startsWith('/admin')) continue;
      await watched.page.goto(site.url + path);
      expect({ path, ...(await injected(watched.page)) }).toEqual({ path, ...NOTHING_INJECTED });
      tally.add('pages with hostile text checked in the browser');
    }
    await watched.page.goto(`${site.url}/eventsnews`);
    await watched.page.getByText(payload(1)).first().waitFor();
    watched.expectNoProblems();
    await watched.close();
  });

  it('stays text in the dashboard, alumni registrations included', async () => {
    const dashboard = await openDashboard(browser(), site.url, site.token);
    // Every section is drawn (the hidden ones too); the alumni and the events are looked at.
    await openSection(dashboard.page, 'alumni');
    await dashboard.page.locator('#alumni').getByText(payload(1)).first().waitFor();
    await openSection(dashboard.page, 'events');
    await dashboard.page.locator('#events').getByText(payload(4)).first().waitFor();
    expect(await injected(dashboard.page)).toEqual(NOTHING_INJECTED);
    dashboard.expectNoProblems();
    await dashboard.close();
  });
});
