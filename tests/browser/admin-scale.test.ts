/**
 * The dashboard on a large site: the leadership autosave sends a few hundred bytes whatever the
 * size of the content, and the events list is searched and shown a page at a time.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploaded } from '../api/helpers.ts';
import { solidImage } from '../api/test-images.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { openDashboard, openSection, type WatchedPage } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
let watched: WatchedPage;

const EVENTS = 600;
const isHarvest = (i: number) => i % 100 === 7;

beforeAll(async () => {
  const image = await uploaded(site.url, site.token, await solidImage('png'));
  const before = (await site.call('GET', '/api/content')).body;
  const large = {
    ...before,
    gallery: Array.from({ length: 2_000 }, (_, i) => ({
      _id: crypto.randomUUID(),
      imageId: image.imageId,
      caption: `Photo ${i} of the school's ten years`,
    })),
    news: Array.from({ length: 2_000 }, (_, i) => ({
      _id: crypto.randomUUID(),
      title: `News ${i}`,
      description: 'A story of the school year, told at some length so that the document grows.',
      publishDate: '2024-01-01',
      expiryDate: null,
      priority: 'medium',
      image: null,
    })),
    events: Array.from({ length: EVENTS }, (_, i) => ({
      _id: crypto.randomUUID(),
      title: isHarvest(i) ? `Harvest Festival ${i}` : `Class meeting ${i}`,
      description: 'Every class meets its teachers.',
      date: '2031-03-01',
      time: '',
      location: '',
      image: null,
    })),
  };
  const saved = await site.asAdmin('PUT', '/api/content', { json: large });
  expect(saved.status).toBe(200);
  watched = await openDashboard(browser(), site.url, site.token);
}, 120_000);
afterAll(() => watched?.close());

describe('a large site', () => {
  it('autosaves a leadership message with requests of at most 2 KB', async () => {
    const { page } = watched;
    const patches: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/content') && request.method() !== 'GET') patches.push(request);
    });
    await openSection(page, 'leadership');
    const field = page.getByRole('textbox', { name: 'President message', exact: true });
    const text = 'Ten years of our school, and every year a new beginning.';
    await field.fill('');
    await field.pressSequentially(text);
    await page
      .locator('#leader-president-state')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    expect((await site.call('GET', '/api/content')).body.presidentMessage).toBe(text);

    expect(patches.length).toBeGreaterThan(0);
    for (const request of patches) {
      expect(request.method()).toBe('PATCH');
      const headers = await request.allHeaders();
      const size =
        Buffer.byteLength(request.postData() ?? '') +
        Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
      expect(size).toBeLessThanOrEqual(2048);
    }
    watched.expectNoProblems();
  });

  it('searches the events list by title, case-insensitively, and counts the matches', async () => {
    const { page } = watched;
    await openSection(page, 'events');
    const events = page.locator('#events');
    const list = events.getByRole('list', { name: 'Events' });
    // A page at a time, with a button for the next.
    expect(await list.getByRole('listitem').count()).toBe(50);
    await events.getByRole('button', { name: /^Show 50 more events/ }).click();
    expect(await list.getByRole('listitem').count()).toBe(100);

    const search = events.getByRole('searchbox', { name: 'Search' });
    await search.fill('harvest FESTIVAL');
    const harvests = Array.from({ length: EVENTS }, (_, i) => i).filter(isHarvest);
    await events.getByText(`${harvests.length} of ${EVENTS}`).waitFor();
    await expect
      .poll(() =>
        list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
      )
      .toEqual(harvests.map((i) => `Harvest Festival ${i}`));

    // Edit still works on a found item, and the keyboard gets back to its Edit button.
    const item = list.getByRole('listitem', { name: `Harvest Festival ${harvests[2]}` });
    await item.getByRole('button', { name: 'Edit' }).click();
    await item.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => item.getByRole('button', { name: 'Edit' }).evaluate((b) => b === document.activeElement))
      .toBe(true);

    await search.fill('');
    await events.getByText(`${EVENTS} of ${EVENTS}`).waitFor();
    watched.expectNoProblems();
  });
});
