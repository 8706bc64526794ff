import { beforeAll, describe, expect, it } from 'vitest';
import { footerLinks } from '../../site/navigation.ts';
import { must, picture, upload } from '../public/content.ts';
import { school } from '../public/default-school.ts';
import {
  inlineScriptBytes,
  overflowsSideways,
  scrollThrough,
  seriousA11yViolations,
  watchedPage,
} from '../public/page-checks.ts';
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES, VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
let logoId: string;
const stripCaptions = ['Morning assembly', 'Science fair', 'Sports day'];

beforeAll(async () => {
  const logo = await upload(site.url, site.token, await picture(300, 200, '#17436b'), 'crest.png');
  logoId = logo.imageId;
  await must(site.url, site.token, 'POST', '/api/logos', logo);
  for (const [index, caption] of stripCaptions.entries()) {
    const { imageId } = await upload(site.url, site.token, await picture(800, 600, ['#c33', '#3c3', '#33c'][index]!));
    await must(site.url, site.token, 'POST', '/api/homegallery', { imageId, caption });
  }
  await site.waitUntilLive();
});

/** Pages with an island, and the most JavaScript (compressed) any page may ship. */
const ISLAND_ROUTES = new Set(['/about/leadership', '/alumni', '/gallery', '/eventsnews', '/contact']);
const ISLAND_PAGE_BUDGET = 90 * 1024;
const STATIC_PAGE_BUDGET = 2 * 1024;

describe.each(Object.entries(VIEWPORTS))('every public route at %s width', (_, viewport) => {
  it('has the header, navigation and footer, no CSP violation, no serious accessibility problem, no sideways scroll, and stays in its JavaScript budget', async () => {
    for (const route of [...PUBLIC_ROUTES, NOT_FOUND_ROUTE]) {
      // A fresh browser context per route: nothing cached, so every page's JavaScript is counted.
      const watched = await watchedPage(browser(), { viewport });
      const { page } = watched;
      await page.goto(site.url + route);
      await scrollThrough(page);
      await watched.settled();

      const apply = page.getByRole('link', { name: 'Apply Now' }).first();
      expect(await apply.getAttribute('href'), route).toBe('/admissions');
      expect(await apply.isVisible(), route).toBe(true);
      expect(await page.locator(`header img[src*="${logoId}"]`).count(), route).toBe(1);
      const footerHrefs = await page
        .locator('footer nav a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(footerHrefs, route).toEqual(footerLinks.map((link) => link.href));
      const current = await page
        .locator('nav[aria-label="Main"] [aria-current="page"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(current, route).toEqual(route === NOT_FOUND_ROUTE ? [] : [route]);

      expect(await seriousA11yViolations(page), route).toEqual([]);
      expect(await overflowsSideways(page), route).toBe(false);
      // A form loads its checks when first used: count those too (not the header's search box).
      if (await page.locator('main form').count()) {
        await page.locator('main form [type="submit"]').click();
        await page.locator('.field-error').first().waitFor();
      }
      const javascript = watched.scriptBytes() + (await inlineScriptBytes(page));
      if (ISLAND_ROUTES.has(route)) expect(javascript, route).toBeLessThan(ISLAND_PAGE_BUDGET);
      else expect(javascript, route).toBeLessThan(STATIC_PAGE_BUDGET);
      expect(watched.cspViolations, route).toEqual([]);
      expect(watched.errors, route).toEqual([]);
      await watched.close();
    }
  }, 180_000);
});

describe('navigation', () => {
  it('on a phone, opens with the menu toggle, expands About, and closes with Escape', async () => {
    const { page, close, cspViolations } = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    await page.goto(site.url + '/academic-corner');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const gallery = page.locator('#nav-list a[href="/gallery"]');
    expect(await gallery.isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await gallery.isVisible()).toBe(true);
    const leadership = page.locator('#nav-list a[href="/about/leadership"]');
    expect(await leadership.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'About' }).click();
    expect(await leadership.isVisible()).toBe(true);

    await leadership.focus();
    await page.keyboard.press('Escape');
    expect(await leadership.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    expect(await gallery.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
    expect(cspViolations).toEqual([]);
    await close();
  });

  it('on a desktop, works by keyboard: Enter opens About, Tab reaches its pages, Escape closes it', async () => {
    const { page, close } = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    await page.goto(site.url + '/');
    const about = page.getByRole('button', { name: 'About' });
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await about.focus();
    await page.keyboard.press('Enter');
    expect(await about.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('About Us');
    await page.keyboard.press('Escape');
    expect(await about.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('About');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/about/why-${school.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Why ${school.name}?`);
    await close();
  });

  it('leads every footer link to a page, and answers unknown paths with a 404 page in the site layout', async () => {
    for (const link of footerLinks) {
      const response = await fetch(site.url + link.href);
      expect(response.status, link.href).toBe(200);
      expect(await response.text(), link.href).not.toContain('Page not found');
    }
    for (const path of ['/no/such/page', '/about/another-school', '/newsletter']) {
      const response = await fetch(site.url + path);
      const html = await response.text();
      expect(response.status, path).toBe(404);
      expect(html, path).toContain('Page not found');
      expect(html, path).toContain('aria-label="Main"');
    }
  });
});

describe('home page', () => {
  it('shows the home gallery twice in a moving strip, and the About Us, Our Vision and Our Mission cards', async () => {
    const { page, close } = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    await page.goto(site.url + '/');
    const sets = page.locator('.strip-set');
    expect(await sets.count()).toBe(2);
    expect(await sets.nth(0).locator('figcaption').allTextContents()).toEqual(stripCaptions);
    expect(await sets.nth(1).locator('figcaption').allTextContents()).toEqual(stripCaptions);
    expect(await sets.nth(1).getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByRole('img', { name: 'Science fair' }).count()).toBe(1);
    const track = page.locator('.strip-track');
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
    expect(await track.evaluate((element) => getComputedStyle(element).animationName)).not.toBe('none');

    await page.getByLabel('Pause the photos').check();
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');

    for (const title of ['About Us', 'Our Vision', 'Our Mission']) {
      expect(await page.getByRole('heading', { name: title, level: 3 }).isVisible(), title).toBe(true);
    }
    expect(await page.getByText(school.vision).isVisible()).toBe(true);
    await close();
  });

  it('holds the strip still for visitors who ask for reduced motion', async () => {
    const { page, close } = await watchedPage(browser(), { viewport: VIEWPORTS.phone, reducedMotion: 'reduce' });
    await page.goto(site.url + '/');
    expect(await page.locator('.strip-track').evaluate((element) => getComputedStyle(element).animationName)).toBe(
      'none',
    );
    expect(await page.locator('.strip-set').nth(1).isVisible()).toBe(false);
    expect(await page.getByText('Morning assembly').first().isVisible()).toBe(true);
    await close();
  });
});
