/**
 * The site search (issue 21, item 2): a word only in a new news item is found soon after the POST
 * (the goal, 10 s, is the bench's: `npm run bench:search`, as a timing in a test on a shared
 * machine fails at random); a word only inside a circular's PDF is found, linking the PDF; a draft is never found; the
 * search page works with the keyboard, passes axe, breaks no Content-Security-Policy, and says what
 * to do without JavaScript.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfFile, uploadedDocument } from '../api/test-documents.ts';
import { seriousA11yViolations, type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const DESKTOP = { width: 1280, height: 900 };

/**
 * A word no page of the site holds until a test puts it there: letters only, as Pagefind splits
 * words where letters and digits meet.
 */
const uniqueWord = (prefix: string) =>
  prefix + Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

const NOT_AVAILABLE = 'Search is not available at the moment. Please try again later.';

/**
 * Types `term` into the search page's box and waits for its verdict (the live region): the results
 * for it, or that search is not available (the page loaded before the site's first index was
 * served, right after a start).
 */
async function searchFor(page: Page, term: string): Promise<string> {
  const box = page.getByRole('searchbox', { name: 'Search the site' }).last();
  await box.fill(term);
  const status = page.getByRole('status');
  const verdict = async () => {
    const text = (await status.textContent()) ?? '';
    return text === NOT_AVAILABLE || text.includes(`for “${term}”`) ? text : null;
  };
  await expect.poll(verdict, { timeout: 10_000 }).not.toBeNull();
  return (await verdict()) ?? '';
}

/**
 * Searches from a fresh page load until `term` finds the result called `title` (the index follows
 * the builds; Pagefind may find other pages by words that merely start alike); answers when.
 */
async function searchUntilFound(watched: WatchedPage, term: string, title: string, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await watched.page.goto(`${site.url}/search`);
    const verdict = await searchFor(watched.page, term);
    const found = await results(watched.page).getByRole('link', { name: title, exact: true }).count();
    if (!verdict.startsWith('No results') && found > 0) return Date.now();
    if (Date.now() > until) throw new Error(`"${term}" was not found within ${timeoutMs} ms`);
    await watched.page.waitForTimeout(250);
  }
}

const results = (page: Page) => page.getByRole('main').getByRole('listitem');

/** Far above the goal of 10 s: a word not found by then is broken, not slow. */
const FOUND_WITHIN_MS = 45_000;

describe('the site search', () => {
  it('finds a word only in a new news item soon after the POST', async () => {
    const word = uniqueWord('zephyrine');
    const watched = await watchedPage(browser(), { viewport: DESKTOP });
    const posted = Date.now();
    const answer = await site.asAdmin('POST', '/api/news', {
      json: {
        title: 'Science fair winners',
        // Far past the 120 characters a news card shows: the whole description is searched.
        description: `${'The science fair filled the hall with projects from every class. '.repeat(4)}First prize: ${word}.`,
      },
    });
    expect(answer.status).toBe(201);
    const found = await searchUntilFound(watched, word, 'Science fair winners', FOUND_WITHIN_MS);
    console.log(`A word of a new news item found by the search ${found - posted} ms after the POST`);

    const result = results(watched.page);
    await expect.poll(() => result.count(), { timeout: 10_000 }).toBe(1);
    const link = result.getByRole('link', { name: 'Science fair winners' });
    expect(await link.getAttribute('href')).toMatch(/^\/eventsnews\/news#news-[0-9a-f-]+$/);
    expect(await result.locator('.result-kind').textContent()).toBe('news');
    expect(await result.locator('mark').first().textContent()).toContain(word);
    expect(await watched.page.getByRole('status').textContent()).toBe(`1 result for “${word}”.`);
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  it('finds a word only inside a circular’s PDF, linking the PDF', async () => {
    const word = uniqueWord('quillback');
    const document = await uploadedDocument(site.url, site.token, pdfFile(`Canteen menu changes ${word}`), 'menu.pdf');
    const answer = await site.asAdmin('POST', '/api/circulars', {
      json: { title: 'Canteen notice', date: '2026-01-12', document },
    });
    expect(answer.status).toBe(201);
    const watched = await watchedPage(browser(), { viewport: DESKTOP });
    await searchUntilFound(watched, word, 'Canteen notice', FOUND_WITHIN_MS);

    const link = results(watched.page).getByRole('link', { name: 'Canteen notice' });
    expect(await link.getAttribute('href')).toBe(`/documents/${document.documentId}`);
    expect(await results(watched.page).locator('.result-kind').textContent()).toBe('circular');
    const pdf = await fetch(new URL(`/documents/${document.documentId}`, site.url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await watched.close();
  });

  it('keeps serving the index a visitor started on while a new one replaces it', async () => {
    const entry = async () =>
      (await (await fetch(`${site.url}/pagefind/pagefind-entry.json`)).json()) as {
        languages: Record<string, { hash: string }>;
      };
    const before = (await entry()).languages.en!.hash;
    await site.asAdmin('POST', '/api/news', { json: { title: 'Another week', description: uniqueWord('weekly') } });
    await expect.poll(async () => (await entry()).languages.en!.hash, { timeout: 15_000 }).not.toBe(before);
    // The chunks its entry named still answer: a search begun on it does not break midway.
    expect((await fetch(`${site.url}/pagefind/pagefind.${before}.pf_meta`)).status).toBe(200);
  });

  it('never finds a draft, even after later builds', async () => {
    const secret = uniqueWord('marzipanic');
    const draft = await site.asAdmin('POST', '/api/news', {
      json: { title: 'Not yet', description: `Plans for ${secret}`, status: 'draft' },
    });
    expect(draft.status).toBe(201);
    const marker = uniqueWord('lanternfish');
    await site.asAdmin('POST', '/api/events', {
      json: { title: 'Lantern walk', description: `Bring a ${marker}`, date: '2027-03-04' },
    });
    const watched = await watchedPage(browser(), { viewport: DESKTOP });
    // The event is found: the builds after the draft are indexed.
    await searchUntilFound(watched, marker, 'Lantern walk', FOUND_WITHIN_MS);
    expect(await results(watched.page).locator('.result-kind').textContent()).toBe('event');
    expect(await searchFor(watched.page, secret)).toBe(`No results for “${secret}”.`);
    expect(await results(watched.page).count()).toBe(0);
    await watched.close();
  });

  it('is used with the keyboard alone, from the header of any page', async () => {
    const watched = await watchedPage(browser(), { viewport: DESKTOP });
    const { page } = watched;
    await page.goto(`${site.url}/contact`);
    const header = page.getByRole('banner').getByRole('search');
    await header.getByRole('searchbox', { name: 'Search the site' }).focus();
    await page.keyboard.type('science fair');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=science\+fair$/);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search the site' });
    expect(await box.inputValue()).toBe('science fair');
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 10_000 })
      .toMatch(/^\d+ results? for “science fair”\.$/);

    // From the box, Tab reaches the search button, then the results' links in order.
    await box.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      href: document.activeElement?.getAttribute('href'),
    }));
    expect(focused).toEqual({ text: 'Science fair winners', href: expect.stringMatching(/^\/eventsnews\/news#news-/) });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/eventsnews\/news#news-/);
    // The result's address names the news item's card on that page.
    expect(await page.locator(':target').textContent()).toContain('Science fair winners');
    expect(watched.cspViolations).toEqual([]);
    await watched.close();
  });

  it('has no serious accessibility problem, with results and without', async () => {
    const watched = await watchedPage(browser(), { viewport: DESKTOP });
    await watched.page.goto(`${site.url}/search?q=science`);
    await expect.poll(() => results(watched.page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await seriousA11yViolations(watched.page)).toEqual([]);
    expect(await searchFor(watched.page, uniqueWord('qxz'))).toMatch(/^No results for/);
    expect(await seriousA11yViolations(watched.page)).toEqual([]);
    await watched.page.screenshot({ path: '/tmp/search-results.png', fullPage: true });
    await watched.close();
  });

  it('puts a link to the search in place of the box on a phone', async () => {
    const watched = await watchedPage(browser(), { viewport: { width: 390, height: 844 } });
    await watched.page.goto(`${site.url}/`);
    const banner = watched.page.getByRole('banner');
    expect(await banner.getByRole('searchbox').isVisible()).toBe(false);
    await banner.getByRole('link', { name: 'Search' }).click();
    await watched.page.waitForURL(`${site.url}/search`);
    await watched.page.screenshot({ path: '/tmp/search-phone.png' });
    await watched.close();
  });

  it('goes on publishing when indexing fails, says so in the build status, and indexes the next build', async () => {
    const searchDir = join(site.dataDir, 'search');
    const status = async () => (await site.asAdmin('GET', '/api/admin/build-status')).body.search;
    await rename(searchDir, `${searchDir}-away`);
    await writeFile(searchDir, 'not a folder'); // no index can be written now
    try {
      const answer = await site.asAdmin('POST', '/api/news', {
        json: { title: 'Published while the search is broken', description: 'Still on the site' },
      });
      expect(answer.status).toBe(201);
      await site.waitUntilLive();
      expect(await (await fetch(`${site.url}/eventsnews/news`)).text()).toContain(
        'Published while the search is broken',
      );
      await expect.poll(async () => (await status()).state, { timeout: 10_000 }).toBe('failed');
      expect((await status()).error).toBeTruthy();
      // The index before it is still served.
      expect((await fetch(`${site.url}/pagefind/pagefind-entry.json`)).status).toBe(200);
    } finally {
      // No run may be writing while the folder is put back.
      await expect.poll(async () => (await status()).indexing, { timeout: 10_000 }).toBe(false);
      await rm(searchDir);
      await rename(`${searchDir}-away`, searchDir);
    }
    const word = uniqueWord('recovered');
    await site.asAdmin('POST', '/api/news', { json: { title: 'Back again', description: word } });
    const watched = await watchedPage(browser(), { viewport: DESKTOP });
    await searchUntilFound(watched, word, 'Back again', FOUND_WITHIN_MS);
    await expect.poll(async () => (await status()).state, { timeout: 10_000 }).toBe('ok');
    await watched.close();
  });

  it('says without JavaScript that search needs it, and links the sitemap', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/search?q=science`);
    expect(await page.getByRole('main').innerText()).toContain(
      'Search needs JavaScript, which is turned off in your browser. Every page of the site is listed in the sitemap.',
    );
    expect(await page.getByRole('button', { name: 'Show more results' }).isVisible()).toBe(false);
    expect(await page.getByRole('main').getByRole('link', { name: 'sitemap' }).getAttribute('href')).toBe('/sitemap');
    await context.close();
  });
});
