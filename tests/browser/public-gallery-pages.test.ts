/** /gallery in pages: the numbered navigation, the total on every page, a lightbox per page. */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { must, picture, upload } from '../public/content.ts';
import { hydrated, seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const PHOTOS = 30;

beforeAll(async () => {
  const { imageId } = await upload(site.url, site.token, await picture(800, 600, '#2980b9'));
  const content = (await site.asAdmin('GET', '/api/content')).body;
  content.gallery = Array.from({ length: PHOTOS }, (_, n) => ({
    _id: randomUUID(),
    imageId,
    caption: `Photo ${n + 1}`,
  }));
  await must(site.url, site.token, 'PUT', '/api/content', content);
  await site.waitUntilLive();
});

const lightbox = (page: Page) => page.getByRole('dialog');
const counter = (page: Page) => lightbox(page).locator('.lightbox-counter').innerText();

it.each(Object.entries(VIEWPORTS))(
  'at %s width, goes to page 2 by its number, shows the total and steps through the photos of that page',
  async (_, viewport) => {
    const { page, close, errors } = await watchedPage(browser(), { viewport });
    await page.goto(`${site.url}/gallery`, { waitUntil: 'networkidle' });
    expect(await page.locator('.gallery-grid > li').count()).toBe(24);
    const pages = page.getByRole('navigation', { name: 'Gallery pages' });
    expect(await pages.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(`${site.url}/gallery/2`);
    await hydrated(page);
    expect(await page.locator('.gallery-count').innerText()).toBe('30 photos');
    expect(await page.locator('.gallery-grid > li').count()).toBe(6);
    // The navigation marks Gallery as the current section on its further pages too.
    expect(await page.locator('.nav-link[href="/gallery"]').getAttribute('aria-current')).toBe('page');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Photo 25' }).click();
    expect(await counter(page)).toBe('1 / 6');
    await page.keyboard.press('ArrowLeft');
    expect(await counter(page)).toBe('6 / 6');
    expect(await lightbox(page).locator('.lightbox-caption').innerText()).toBe('Photo 30');
    await page.keyboard.press('Escape');

    await pages.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(`${site.url}/gallery`);
    expect(errors).toEqual([]);
    await close();
  },
);
