/**
 * Alt text and the media library in Chromium against a real server: the text alternative asked
 * when a photo is added and shown on the public page (decorative gives `alt=""`), the library's
 * usage links opening the item, and an image of the library reused for a news item.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploaded } from '../api/helpers.ts';
import { solidImage } from '../api/test-images.ts';
import { hydrated, seriousA11yViolations } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { openDashboard, openSection, pngFile, type WatchedPage } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
let watched: WatchedPage;

beforeAll(async () => {
  watched = await openDashboard(browser(), site.url, site.token);
});
afterAll(() => watched?.close());

const adminContent = async () => (await site.asAdmin('GET', '/api/admin/content')).body;
const publicHtml = async (path: string) => (await fetch(site.url + path)).text();

/** Uploads a plain PNG as `name`: an image the media library then holds. */
async function uploadedPng(name: string, width: number, height: number, colour: { r: number; g: number; b: number }) {
  return uploaded(site.url, site.token, await solidImage('png', width, height, colour), name);
}

/** Opens the library picker from `form`'s "Choose from the library" and searches it: answers the dialog. */
async function searchLibrary(page: Page, form: Locator, query: string): Promise<Locator> {
  await form.getByRole('button', { name: 'Choose from the library' }).click();
  const dialog = page.getByRole('dialog', { name: /Choose an image from the library/ });
  await dialog.getByLabel('Search the library').fill(query);
  return dialog;
}

/** The alt attributes of the `<img>` elements of `html` that show `imageId`. */
function altsOf(html: string, imageId: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(imageId))
    .map((tag) => /\balt="([^"]*)"/.exec(tag)?.[1] ?? '(none)');
}

describe('alt text', () => {
  it('is asked when a photo is added and shown on the public page; decorative gives alt=""', async () => {
    const page = watched.page;
    await openSection(page, 'galleries');
    const gallery = page.locator('#gallery');
    await gallery.locator('input[type="file"]').setInputFiles(await pngFile('assembly.png', { r: 200, g: 30, b: 30 }));
    await gallery.getByLabel('Caption').fill('Morning assembly');
    await gallery
      .getByLabel('Text alternative (alt text)')
      .fill('Pupils in rows on the playground, facing the flag at morning assembly');
    await gallery.getByRole('button', { name: 'Add photo' }).click();
    await gallery.getByText('Morning assembly', { exact: true }).waitFor();

    await gallery.locator('input[type="file"]').setInputFiles(await pngFile('border.png', { r: 30, g: 30, b: 200 }));
    await gallery.getByLabel('Caption').fill('A border of leaves');
    await gallery.getByLabel('Decorative (no description needed)').check();
    expect(await gallery.getByLabel('Text alternative (alt text)').isDisabled()).toBe(true);
    await gallery.getByRole('button', { name: 'Add photo' }).click();
    await gallery.getByText('A border of leaves', { exact: true }).waitFor();

    const photos = (await adminContent()).gallery as { caption: string; imageId: string; alt?: string }[];
    const assembly = photos.find((photo) => photo.caption === 'Morning assembly')!;
    const border = photos.find((photo) => photo.caption === 'A border of leaves')!;
    expect(assembly.alt).toBe('Pupils in rows on the playground, facing the flag at morning assembly');
    expect(border.alt).toBe('');

    await site.waitUntilLive();
    const html = await publicHtml('/gallery');
    expect(altsOf(html, assembly.imageId)).toEqual([
      'Pupils in rows on the playground, facing the flag at morning assembly',
    ]);
    expect(altsOf(html, border.imageId)).toEqual(['']);
    await page.screenshot({ path: '/tmp/admin-media-gallery.png', fullPage: false });
  });
});

describe('the media library', () => {
  it('lists the files with their uses, and a usage link opens the item', async () => {
    const photo = await uploadedPng('fair.png', 80, 60, { r: 10, g: 120, b: 60 });
    const events = await site.asAdmin('POST', '/api/events', {
      json: { title: 'Science Fair', description: 'Projects in the hall', date: '2031-02-03', image: photo },
    });
    const eventId = events.body.find((event: { title: string }) => event.title === 'Science Fair')._id;
    const page = watched.page;
    await openSection(page, 'media');
    const media = page.locator('#media');
    await media.getByLabel('Search files').fill('fair');
    const entry = media.locator('.media-entry').filter({ hasText: 'fair.png' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('80 × 60 pixels');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/admin-media-library.png', fullPage: true });

    await entry.getByRole('link', { name: 'Event “Science Fair”' }).click();
    await page.waitForURL(`**/admin/dashboard#events/${eventId}`);
    await page.getByRole('form', { name: 'Edit Science Fair' }).waitFor();
  });

  it('offers an existing image when a news item is added, instead of uploading it again', async () => {
    const photo = await uploadedPng('library-choir.png', 70, 50, { r: 90, g: 20, b: 140 });
    await site.asAdmin('POST', '/api/gallery', { json: { ...photo, caption: 'Choir rehearsal' } });
    const page = watched.page;
    await openSection(page, 'news');
    const form = page.getByRole('form', { name: 'Add news' });
    await form.getByLabel('Title').fill('Choir wins the district prize');
    await form.getByLabel(/^Description/).fill('Our choir won first prize at the district festival.');
    const dialog = await searchLibrary(page, form, 'choir');
    await dialog.getByRole('button', { name: /Choose Choir rehearsal/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/admin-media-picker.png' });
    await dialog.getByRole('button', { name: /Choose Choir rehearsal/ }).click();
    await form.getByText('Chosen from the library:').waitFor();
    await form.getByLabel('Text alternative (alt text)').fill('The choir on stage holding up the district trophy');
    await page.screenshot({ path: '/tmp/admin-media-chosen.png', fullPage: false });
    await form.getByRole('button', { name: 'Add news' }).click();
    await page.getByText('Choir wins the district prize').first().waitFor();
    const news = (await adminContent()).news.find(
      (item: { title: string }) => item.title === 'Choir wins the district prize',
    );
    expect(news.image).toEqual({
      imageId: photo.imageId,
      originalName: 'Choir rehearsal',
      alt: 'The choir on stage holding up the district trophy',
    });
    watched.expectNoProblems();

    // The public page's popup shows the picture with that text alternative.
    await site.waitUntilLive();
    const visitor = await browser().newPage();
    try {
      await visitor.goto(`${site.url}/eventsnews`);
      await hydrated(visitor);
      await visitor.getByRole('button', { name: 'Choir wins the district prize' }).click();
      const popup = visitor.getByRole('dialog', { name: 'Choir wins the district prize' });
      expect(await popup.locator(`img[src*="${photo.imageId}"]`).getAttribute('alt')).toBe(
        'The choir on stage holding up the district trophy',
      );
    } finally {
      await visitor.close();
    }
  });

  it('adds a logo from an image already stored, without uploading it again', async () => {
    const stored = await uploadedPng('crest.png', 60, 60, { r: 10, g: 90, b: 60 });
    await site.asAdmin('POST', '/api/gallery', { json: { ...stored, caption: 'The school crest' } });
    const page = watched.page;
    await openSection(page, 'site');
    const logos = page.locator('#logos');
    const dialog = await searchLibrary(page, logos, 'crest');
    await dialog.getByRole('button', { name: /Choose The school crest/ }).click();
    await logos.getByText('Chosen from the library:').waitFor();
    await logos.getByRole('button', { name: 'Upload logo' }).click();
    await expect
      .poll(async () => (await adminContent()).logos.map((logo: { imageId: string }) => logo.imageId))
      .toContain(stored.imageId);
    await logos.getByText('Chosen from the library:').waitFor({ state: 'detached' });
    watched.expectNoProblems();
  });
});
