/**
 * Finding one's way in the dashboard: one view per section, each at its own address, so links,
 * the back button and bookmarks work; a menu on phones; counts of what waits for the administrator.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { openDashboard, openSection } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

const PHONE = { width: 412, height: 823 };

const alumnus = (fullName: string, email: string) => ({
  fullName,
  gender: 'male',
  mobile: '+91 98450 67890',
  email,
  address: '12 Hill Road, Sunridge Valley',
  periodOfStudy: '2005-2015',
  qualification: 'B.Com.',
  occupation: 'Accountant',
});

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Dashboard sections' });
const entry = (page: Page, label: string | RegExp) => navigation(page).getByRole('link', { name: label });
const hashOf = (page: Page) => new URL(page.url()).hash;
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

beforeAll(async () => {
  const message = {
    name: 'Ravi Kumar',
    email: 'ravi@example.org',
    phone: '',
    subject: 'admission',
    message: 'Is there a place in class 3 next year?',
  };
  expect((await site.call('POST', '/api/contact', { json: message })).status).toBe(201);
  for (const [name, email] of [
    ['Arjun Menon', 'arjun@example.com'],
    ['Vikram Shah', 'vikram@example.com'],
  ] as const) {
    expect((await site.call('POST', '/api/alumni', { json: alumnus(name, email) })).status).toBe(201);
  }
});

describe('sections', () => {
  it('open from the sidebar, each at its own address, and the back button returns to the one before', async () => {
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, site.token);
    // Without a fragment the dashboard opens on the school details.
    expect(await entry(page, 'School details').getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('heading', { name: 'Events' }).isVisible()).toBe(false);

    await entry(page, 'Events').click();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    expect(hashOf(page)).toBe('#events');
    expect(await page.title()).toMatch(/^Events \| Administrator dashboard/);
    expect(await entry(page, 'Events').getAttribute('aria-current')).toBe('page');
    expect(await entry(page, 'School details').getAttribute('aria-current')).toBeNull();
    expect(await page.getByRole('heading', { name: 'Logos' }).isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('Events');

    await entry(page, 'Circulars').click();
    await page.getByRole('heading', { name: 'Circulars' }).waitFor();
    expect(hashOf(page)).toBe('#circulars');
    expect(await focusedText(page)).toBe('Circulars');

    await page.goBack();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    expect(hashOf(page)).toBe('#events');
    expect(await page.title()).toMatch(/^Events \|/);
    expect(await focusedText(page)).toBe('Events');
    await page.goBack();
    await page.getByRole('heading', { name: 'Logos' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Events' }).waitFor();

    expect(await seriousA11yViolations(page)).toEqual([]);
    expectNoProblems();
    await close();
  });

  it('keeps a draft while the administrator looks at another section', async () => {
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, site.token);
    await openSection(page, 'news');
    const form = page.locator('#news').getByRole('form', { name: 'Add news' });
    await form.getByLabel('Title').fill('A draft not saved yet');
    await openSection(page, 'events');
    await page.goBack();
    await page.getByRole('heading', { name: 'News' }).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('A draft not saved yet');
    expectNoProblems();
    await close();
  });

  it('opens the section a bookmark names, and every section of the navigation', async () => {
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, site.token);
    await page.goto(`${site.url}/admin/dashboard#alumni`);
    await page.getByRole('heading', { name: 'Alumni' }).waitFor();
    expect(await entry(page, /^Alumni/).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toMatch(/^Alumni \|/);

    const views: Record<string, string> = {
      site: 'School details',
      leadership: 'Leadership messages',
      events: 'Events',
      news: 'News',
      galleries: 'Home gallery',
      circulars: 'Circulars',
      alerts: 'Alerts',
      media: 'Media',
      pages: 'Pages',
      accessibility: 'Accessibility',
      inbox: 'Inbox',
      alumni: 'Alumni',
      'personal-data': 'Personal data',
      subscribers: 'Subscribers',
      accounts: 'Accounts',
      history: 'History',
    };
    const links = await navigation(page)
      .getByRole('link')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(links).toEqual(Object.keys(views).map((id) => `#${id}`));
    for (const [id, heading] of Object.entries(views)) {
      await page.goto(`${site.url}/admin/dashboard#${id}`);
      await page.reload();
      await page.locator(`[data-view="${id}"]`).getByRole('heading', { name: heading }).first().waitFor();
    }
    expectNoProblems();
    await close();
  });
});

describe('on a phone', () => {
  it('chooses a section from the menu with the keyboard alone', async () => {
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, site.token, PHONE);
    const menu = navigation(page).getByRole('button', { name: /Menu/ });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await entry(page, 'Events').isVisible()).toBe(false);

    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await entry(page, 'Events').waitFor();
    // Escape closes the menu and leaves the focus on its button.
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('section-nav-toggle'))).toBe(true);

    await page.keyboard.press('Space');
    await entry(page, 'Events').waitFor();
    await page.keyboard.press('Tab'); // School details
    await page.keyboard.press('Tab'); // Leadership
    await page.keyboard.press('Tab'); // Events
    expect(await focusedText(page)).toBe('Events');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    expect(hashOf(page)).toBe('#events');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.textContent()).toContain('Events');
    expect(await focusedText(page)).toBe('Events');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await menu.click();
    expect(await entry(page, 'Events').getAttribute('aria-current')).toBe('page');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expectNoProblems();
    await close();
  });
});

describe('counts', () => {
  it('show unread messages and pending alumni, and follow what the administrator does', async () => {
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, site.token);
    await entry(page, 'Inbox 1 unread').waitFor();
    await entry(page, 'Alumni 2 pending').waitFor();

    await openSection(page, 'alumni');
    await page
      .locator('#alumni')
      .getByRole('listitem', { name: 'Arjun Menon', exact: true })
      .getByRole('button', { name: 'Approve' })
      .click();
    await entry(page, 'Alumni 1 pending').waitFor();

    await openSection(page, 'inbox');
    await page
      .locator('#inbox')
      .getByRole('listitem', { name: /Ravi Kumar/ })
      .getByRole('button', { name: 'Mark as read' })
      .click();
    // Nothing unread: the entry is only its name.
    await entry(page, 'Inbox').filter({ hasNotText: 'unread' }).waitFor();
    expect(await entry(page, 'Inbox').textContent()).toBe('Inbox');
    expectNoProblems();
    await close();
  });
});
