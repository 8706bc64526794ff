/**
 * The texts written in the dashboard's editor, as the public pages show them: an event's and a
 * news item's description in their popups on /eventsnews, a circular's on its page and the about
 * texts, each with its bold and its list (from the HTML the build wrote, and in the browser); the
 * cards' previews as plain text. Text stored as plain text before reads as it did.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { aboutPath, schoolSlug } from '../../site/contract/settings.ts';
import { daysFromToday, must } from '../public/content.ts';
import { hydrated, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

const DESCRIPTION = 'Bring **water** and a hat.\n\n- Races\n- Relays\n\n[Timetable](/admissions)';
const PLAIN = 'Doors open at six.\nParents sit at the back.\n\nTea after the show.';

beforeAll(async () => {
  const add = (path: string, json: unknown) => must(site.url, site.token, 'POST', path, json);
  await add('/api/events', { title: 'Sports day', description: DESCRIPTION, date: daysFromToday(10) });
  await add('/api/events', { title: 'Annual show', description: PLAIN, date: daysFromToday(12) });
  await add('/api/news', {
    title: 'Results',
    description: 'Our **Class 10** results:\n\n1. Maths\n2. Science',
    priority: 'high',
    publishDate: daysFromToday(-1),
  });
  await add('/api/circulars', {
    title: 'Uniform',
    description: 'Wear the **winter** uniform:\n\n- blazer\n- tie',
    date: daysFromToday(-1),
  });
  await must(site.url, site.token, 'PUT', '/api/settings', {
    vision: 'Every child **reads** by seven.',
    values: [{ title: 'Kindness', text: 'We help:\n\n- at home\n- at school' }],
  });
  await site.waitUntilLive();
});

const html = async (path: string) => (await fetch(site.url + path)).text();

describe('descriptions written in the editor', () => {
  it('are in the pages the build wrote, as HTML with no Markdown left', async () => {
    const circulars = await html('/notifications-circular');
    expect(circulars).toMatch(/Wear the <strong>winter<\/strong> uniform:<\/p>\s*<ul>\s*<li>blazer<\/li>/);
    const eventsNews = await html('/eventsnews');
    // The popups' HTML comes with the island's props: the page loads no Markdown parser.
    expect(eventsNews).toContain('Bring &lt;strong&gt;water&lt;/strong&gt; and a hat.');
  });

  it('show bold and lists in the popups of /eventsnews, and plain text on the cards', async () => {
    const { page, close, errors, cspViolations } = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    await page.goto(`${site.url}/eventsnews`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js')),
    );
    // markdown-it (its `validateLink` survives minifying) stays on the server.
    for (const script of scripts) expect(await (await fetch(script)).text()).not.toContain('validateLink');

    const results = page.locator('.news-card', { hasText: 'Results' });
    expect(await results.locator('.item-preview').innerText()).toBe('Our Class 10 results: Maths Science');
    await results.getByRole('button', { name: 'Results' }).click();
    const news = page.getByRole('dialog', { name: 'Results' });
    expect(await news.locator('strong').innerText()).toBe('Class 10');
    expect(await news.getByRole('listitem').allInnerTexts()).toEqual(['Maths', 'Science']);
    await news.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Events' }).click();
    const sports = page.locator('.event-card', { hasText: 'Sports day' });
    expect(await sports.locator('.item-preview').innerText()).not.toMatch(/[*[\]]/);
    await sports.getByRole('button', { name: 'Sports day' }).click();
    const event = page.getByRole('dialog', { name: 'Sports day' });
    expect(await event.locator('strong').innerText()).toBe('water');
    expect(await event.getByRole('listitem').allInnerTexts()).toEqual(['Races', 'Relays']);
    expect(await event.getByRole('link', { name: 'Timetable' }).getAttribute('href')).toBe('/admissions');
    await event.getByRole('button', { name: 'Close' }).click();

    // Stored as plain text before the editor: its line break and its paragraphs as they were.
    await page.locator('.event-card', { hasText: 'Annual show' }).getByRole('button', { name: 'Annual show' }).click();
    const show = page.getByRole('dialog', { name: 'Annual show' });
    expect(await show.locator('.modal-text').innerText()).toBe(PLAIN);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await close();
  });

  it('shows the about texts with their emphasis and lists', async () => {
    const { page, close } = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    const settings = (await site.call('GET', '/api/settings')).body;
    await page.goto(site.url + aboutPath(schoolSlug(settings)));
    const vision = page.getByRole('region', { name: 'Our Vision' });
    expect(await vision.locator('strong').innerText()).toBe('reads');
    const values = page.getByRole('region', { name: 'Our Values' });
    // The value's own list, inside the card (a list item) of the list of values.
    expect(await values.getByRole('listitem').getByRole('listitem').allInnerTexts()).toEqual(['at home', 'at school']);
    await close();
  });
});
