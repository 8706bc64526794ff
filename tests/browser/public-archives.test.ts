/** The events and news archive in the browser: reached from /eventsnews, numbered, with popups. */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { daysFromToday, must } from '../public/content.ts';
import { hydrated, seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const year = daysFromToday(-400).slice(0, 4);

beforeAll(async () => {
  const content = (await site.asAdmin('GET', '/api/content')).body;
  // 25 events in the middle of last year's calendar, one a day.
  content.events = Array.from({ length: 25 }, (_, n) => ({
    _id: randomUUID(),
    title: `Club day ${n + 1}`,
    description: `Club day ${n + 1} of the year.`,
    date: `${year}-06-${String(n + 1).padStart(2, '0')}`,
    time: '',
    location: 'Hall',
    image: null,
  }));
  await must(site.url, site.token, 'PUT', '/api/content', content);
  await site.waitUntilLive();
});

it.each(Object.entries(VIEWPORTS))(
  'at %s width, reaches the past events of a year from /eventsnews, page by page, each with its popup',
  async (_, viewport) => {
    const { page, close, errors } = await watchedPage(browser(), { viewport });
    await page.goto(`${site.url}/eventsnews`, { waitUntil: 'networkidle' });
    const archive = page.getByRole('navigation', { name: 'All events and news' });
    await archive.getByRole('link', { name: `Past events ${year}` }).click();
    await page.waitForURL(`${site.url}/eventsnews/events/past/${year}`);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Past events of ${year}`);
    expect(await page.locator('.event-card').count()).toBe(20);
    expect(await page.locator('.item-title').first().innerText()).toBe('Club day 25');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Club day 24' }).click();
    const popup = page.getByRole('dialog');
    expect(await popup.getByRole('heading', { name: 'Club day 24' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${site.url}/eventsnews/events/past/${year}/2`);
    expect(await page.locator('.item-title').allInnerTexts()).toEqual([5, 4, 3, 2, 1].map((n) => `Club day ${n}`));
    expect(errors).toEqual([]);
    await close();
  },
);
