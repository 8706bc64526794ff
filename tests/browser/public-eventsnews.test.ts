/**
 * /eventsnews: the News tab (default) and the Events tab, their popups and empty messages, the
 * fresh lists fetched on load, and what is current decided again in the browser.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday, must } from '../public/content.ts';
import { hydrated, seriousA11yViolations, type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

const long = (start: string) => `${start} ${'and more details for families '.repeat(8)}`.trim();
const news = {
  high: {
    title: 'Admissions open',
    description: long('Forms are available at the office.'),
    priority: 'high',
    publishDate: daysFromToday(-2),
    expiryDate: daysFromToday(30),
  },
  medium: {
    title: 'New bus route',
    description: 'Bus 7 now serves Lakeside Colony.',
    priority: 'medium',
    publishDate: daysFromToday(-1),
  },
  low: {
    title: 'Choir wins festival',
    description: 'First prize at the district festival.',
    priority: 'low',
    publishDate: daysFromToday(-5),
  },
  later: {
    title: 'Winter holidays',
    description: 'School closes for two weeks.',
    priority: 'medium',
    publishDate: daysFromToday(3),
  },
  expired: {
    title: 'Old notice',
    description: 'No longer current.',
    priority: 'high',
    publishDate: daysFromToday(-20),
    expiryDate: daysFromToday(-10),
  },
};
const events = {
  sports: {
    title: 'Annual Sports Day',
    description: long('Races for every class.'),
    date: daysFromToday(10),
    time: '09:30',
    location: 'School playground',
  },
  quiz: {
    title: 'Inter-school Quiz',
    description: 'Twelve schools compete.',
    date: daysFromToday(3),
    time: '',
    location: 'Auditorium',
  },
  library: {
    title: 'Library Week',
    description: 'A week of stories.',
    date: daysFromToday(-20),
    time: '14:00',
    location: 'Library',
  },
};

async function open(
  viewport: { width: number; height: number },
  before?: (page: Page) => Promise<void>,
): Promise<WatchedPage> {
  const watched = await watchedPage(browser(), { viewport });
  await before?.(watched.page);
  await watched.page.goto(site.url + '/eventsnews', { waitUntil: 'networkidle' });
  await hydrated(watched.page);
  return watched;
}

const tab = (page: Page, name: 'News' | 'Events') => page.getByRole('tab', { name });
const titles = (page: Page, selector: string) => page.locator(`${selector} .item-title`).allInnerTexts();

describe('before anything is published', () => {
  it('shows the News tab first, and the empty messages of both tabs', async () => {
    const { page, close } = await open(VIEWPORTS.phone);
    expect(await tab(page, 'News').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('No news available at the moment.').isVisible()).toBe(true);
    await tab(page, 'Events').click();
    expect(await page.getByText('No events available at the moment.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Annual Sports Day' }).count()).toBe(0);
    await close();
  });
});

describe('with news and events added through the API', () => {
  beforeAll(async () => {
    for (const item of Object.values(news)) await must(site.url, site.token, 'POST', '/api/news', item);
    for (const item of Object.values(events)) await must(site.url, site.token, 'POST', '/api/events', item);
    await site.waitUntilLive();
  });

  describe.each(Object.entries(VIEWPORTS))('at %s width', (_, viewport) => {
    it('lists current news by priority with coloured border and badge, dates, a 120-character preview and a popup', async () => {
      const { page, close, cspViolations, errors } = await open(viewport);
      expect(await titles(page, '.news-card')).toEqual(['Admissions open', 'New bus route', 'Choir wins festival']);
      const colours = await page
        .locator('.news-card')
        .evaluateAll((cards) => cards.map((card) => getComputedStyle(card).borderLeftColor));
      expect(colours).toEqual(['rgb(198, 40, 40)', 'rgb(224, 161, 0)', 'rgb(46, 125, 50)']);
      expect(await page.locator('.news-card .badge').allInnerTexts()).toEqual([
        'High priority',
        'Medium priority',
        'Low priority',
      ]);

      const first = page.locator('.news-card').first();
      const facts = await first.locator('.facts').innerText();
      expect(facts).toContain('Published:');
      expect(facts).toContain('Expires:');
      expect(await first.locator('.item-preview').innerText()).toBe(
        `${news.high.description.slice(0, 120).trimEnd()}…`,
      );

      await first.getByRole('button', { name: 'Admissions open' }).click();
      const popup = page.getByRole('dialog', { name: 'Admissions open' });
      expect(await popup.isVisible()).toBe(true);
      expect(await popup.locator('.modal-text').innerText()).toBe(news.high.description);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await popup.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Admissions open');
      expect(cspViolations).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });

    it('groups events into Upcoming (soonest first) and Past, with date block, time, location, a 100-character preview and a popup', async () => {
      const { page, close, cspViolations } = await open(viewport);
      await tab(page, 'Events').click();
      expect(await page.getByRole('tabpanel', { name: 'Events' }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await titles(page, '[aria-label="Upcoming events"]')).toEqual(['Inter-school Quiz', 'Annual Sports Day']);
      expect(await titles(page, '[aria-label="Past events"]')).toEqual(['Library Week']);

      const sports = page.locator('.event-card', { hasText: 'Annual Sports Day' });
      const [year, month, day] = events.sports.date.split('-').map(Number) as [number, number, number];
      const monthShort = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ')[month - 1];
      expect(await sports.locator('.date-block').innerText()).toBe(`${day}\n${monthShort}\n${year}`);
      expect(await sports.locator('.facts').innerText()).toMatch(/^Time: 9:30 AM\s+Location: School playground$/);
      expect(await sports.locator('.item-preview').innerText()).toBe(
        `${events.sports.description.slice(0, 100).trimEnd()}…`,
      );

      await sports.getByRole('button', { name: 'Annual Sports Day' }).click();
      const popup = page.getByRole('dialog', { name: 'Annual Sports Day' });
      expect(await popup.locator('.modal-text').innerText()).toBe(events.sports.description);
      expect(await popup.innerText()).toContain('School playground');
      await popup.getByRole('button', { name: 'Close' }).click();
      expect(await popup.isVisible()).toBe(false);
      expect(cspViolations).toEqual([]);
      await close();
    });
  });

  it('moves between the tabs with the arrow keys', async () => {
    const { page, close } = await open(VIEWPORTS.desktop);
    await tab(page, 'News').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab(page, 'Events').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Events');
    await page.keyboard.press('ArrowRight');
    expect(await tab(page, 'News').getAttribute('aria-selected')).toBe('true');
    await close();
  });

  it('asks GET /api/events and GET /api/news at the same time on load, and shows their answers', async () => {
    const asked: string[] = [];
    let release!: () => void;
    const bothAsked = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      asked.push(new URL(route.request().url()).pathname);
      if (asked.length === 2) release();
      await bothAsked;
      const answer = await route.fetch();
      const list = await answer.json();
      const fresh = route.request().url().endsWith('/api/news')
        ? [{ ...list[0], _id: '00000000-0000-4000-8000-000000000001', title: 'Fresh from the server' }, ...list]
        : list;
      await route.fulfill({ response: answer, json: fresh });
    };
    const { page, close, errors } = await open(VIEWPORTS.desktop, async (page) => {
      await page.route('**/api/events', hold);
      await page.route('**/api/news', hold);
    });
    await page.getByText('Fresh from the server').waitFor();
    expect(asked.sort()).toEqual(['/api/events', '/api/news']);
    expect(errors).toEqual([]);
    await close();
  });

  it('decides again in the browser what is upcoming and current, even when the fetch fails (and only logs that)', async () => {
    const { page, close, errors } = await open(VIEWPORTS.phone, async (page) => {
      await page.clock.setFixedTime(new Date(`${daysFromToday(5)}T12:00:00Z`));
      await page.route('**/api/{events,news}', (route) => route.abort());
    });
    expect(await titles(page, '.news-card')).toEqual([
      'Admissions open',
      'Winter holidays',
      'New bus route',
      'Choir wins festival',
    ]);
    await tab(page, 'Events').click();
    expect(await titles(page, '[aria-label="Upcoming events"]')).toEqual(['Annual Sports Day']);
    expect(await titles(page, '[aria-label="Past events"]')).toEqual(['Inter-school Quiz', 'Library Week']);
    expect(errors.join('\n')).toMatch(/Could not load the latest events/);
    expect(errors.join('\n')).toMatch(/Could not load the latest news/);
    await close();
  });
});
