/** /gallery: empty state, the count, the responsive grid and the lightbox. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { must, picture, upload } from '../public/content.ts';
import { hydrated, seriousA11yViolations, type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const captions = ['Nature walk', 'Football final', 'Art exhibition', 'Chemistry lab', 'Annual day', 'Tree planting'];
const colours = ['#c0392b', '#27ae60', '#2980b9', '#8e44ad', '#d35400', '#16a085'];

async function addPhotos(from: number, to: number) {
  for (let index = from; index < to; index++) {
    const { imageId } = await upload(site.url, site.token, await picture(800, 600, colours[index]!));
    await must(site.url, site.token, 'POST', '/api/gallery', { imageId, caption: captions[index] });
  }
  await site.waitUntilLive();
}

async function open(viewport: { width: number; height: number }): Promise<WatchedPage> {
  const watched = await watchedPage(browser(), { viewport });
  await watched.page.goto(site.url + '/gallery', { waitUntil: 'networkidle' });
  return watched;
}

const lightbox = (page: Page) => page.getByRole('dialog');
const counter = (page: Page) => lightbox(page).locator('.lightbox-counter').innerText();
const shownCaption = (page: Page) => lightbox(page).locator('.lightbox-caption').innerText();

describe('an empty gallery', () => {
  it("says 'No photos in gallery yet' and ships no React", async () => {
    const { page, close, scriptBytes } = await open(VIEWPORTS.phone);
    expect(await page.getByText('No photos in gallery yet').isVisible()).toBe(true);
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scriptBytes()).toBe(0);
    await close();
  });
});

describe('a gallery of one photo', () => {
  it("counts '1 photo' and opens it without previous/next", async () => {
    await addPhotos(0, 1);
    const { page, close } = await open(VIEWPORTS.desktop);
    expect(await page.locator('.gallery-count').innerText()).toBe('1 photo');
    await hydrated(page);
    await page.getByRole('link', { name: 'Nature walk' }).click();
    expect(await lightbox(page).isVisible()).toBe(true);
    expect(await lightbox(page).getByRole('button', { name: 'Next photo' }).count()).toBe(0);
    expect(await lightbox(page).getByRole('button', { name: 'Previous photo' }).count()).toBe(0);
    expect(await lightbox(page).locator('.lightbox-counter').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await shownCaption(page)).toBe('Nature walk');
    await close();
  });
});

describe('a gallery of six photos', () => {
  beforeAll(() => addPhotos(1, 6));

  it.each([
    [375, 1],
    [700, 2],
    [1000, 3],
    [1280, 4],
  ])('at %i px shows %i columns', async (width, columns) => {
    const { page, close } = await open({ width, height: 800 });
    const lefts = await page
      .locator('.gallery-grid > li')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left));
    expect(new Set(lefts).size).toBe(columns);
    await close();
  });

  it("counts '6 photos' and gives every thumbnail its size, renditions and lazy loading below the fold", async () => {
    const { page, close } = await open(VIEWPORTS.phone);
    expect(await page.locator('.gallery-count').innerText()).toBe('6 photos');
    const images = await page.locator('.gallery-grid img').evaluateAll((list) =>
      list.map((img) => ({
        alt: img.getAttribute('alt'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        srcset: img.getAttribute('srcset'),
        sizes: img.getAttribute('sizes'),
        loading: img.getAttribute('loading'),
      })),
    );
    expect(images.map((image) => image.alt)).toEqual(captions);
    for (const image of images) {
      expect(image).toMatchObject({ width: '800', height: '600', sizes: expect.stringContaining('100vw') });
      expect(image.srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-960\.webp 800w$/);
    }
    expect(images.map((image) => image.loading)).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    await close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s width, the lightbox steps with buttons and arrow keys, wraps around, closes on Escape and gives focus back',
    async (_, viewport) => {
      const { page, close, cspViolations, errors } = await open(viewport);
      await hydrated(page);
      const third = page.getByRole('link', { name: 'Art exhibition' });
      await third.click();
      expect(await lightbox(page).isVisible()).toBe(true);
      expect(await counter(page)).toBe('3 / 6');
      expect(await shownCaption(page)).toBe('Art exhibition');
      const shown = lightbox(page).locator('img');
      expect(await shown.getAttribute('alt')).toBe('Art exhibition');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await lightbox(page).getByRole('button', { name: 'Next photo' }).click();
      expect(await counter(page)).toBe('4 / 6');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await counter(page)).toBe('1 / 6');
      expect(await shownCaption(page)).toBe('Nature walk');
      await page.keyboard.press('ArrowLeft');
      expect(await counter(page)).toBe('6 / 6');
      await lightbox(page).getByRole('button', { name: 'Previous photo' }).click();
      expect(await counter(page)).toBe('5 / 6');
      await shown.evaluate((img: HTMLImageElement) => img.decode());

      await page.keyboard.press('Escape');
      expect(await lightbox(page).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Art exhibition');

      await third.click();
      await lightbox(page).getByRole('button', { name: 'Close' }).click();
      expect(await lightbox(page).isVisible()).toBe(false);
      expect(cspViolations).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    },
  );
});
