/**
 * The dashboard's School details and Pages sections in Chromium against a real server: a changed
 * phone number, office hours row and page text reach the public pages once published; bad input
 * is explained and not saved. The new public pages pass the layout's checks at both widths.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { overflowsSideways, seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { SITE_PAGES, VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { alertIn, markdownSource, openSection, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const watched = testDashboard(site, browser);
const { expectLive } = watched;

const settings = async () => (await site.call('GET', '/api/settings')).body;

/** The public page as a visitor's browser shows it. */
async function visit(path: string) {
  const visitor = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
  await visitor.page.goto(site.url + path);
  return visitor;
}

describe('School details', () => {
  beforeEach(() => openSection(watched.page, 'site'));

  it('changes the phone number and the office hours, and the public pages show them', async () => {
    const { page } = watched;
    const section = page.locator('#site');
    await section.getByLabel('Phone').fill('+91 80 4000 5678');
    await section.getByRole('button', { name: 'Add office hours row' }).click();
    await section.locator('#office-hours-3-days').fill('Public holidays');
    await section.locator('#office-hours-3-hours').fill('Closed');
    await section.getByRole('button', { name: 'Remove office hours row 2' }).click();
    expect(await section.getByText('You have unsaved changes.').isVisible()).toBe(true);

    const save = section.getByRole('button', { name: 'Save school details' });
    const saving = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/api/settings'),
    );
    await save.click();
    await saving;
    await section.getByRole('status').filter({ hasText: 'The school details are saved' }).waitFor();
    expect(await save.isEnabled()).toBe(true);
    expect((await settings()).phone).toBe('+91 80 4000 5678');
    expect((await settings()).officeHours).toEqual([
      { days: 'Mon-Fri', hours: '8:00 AM-4:00 PM' },
      { days: 'Sun', hours: 'Closed' },
      { days: 'Public holidays', hours: 'Closed' },
    ]);

    await expectLive();
    const visitor = await visit('/contact');
    const details = visitor.page.getByRole('complementary', { name: 'Contact details' });
    expect(await details.getByRole('link', { name: '+91 80 4000 5678' }).getAttribute('href')).toBe(
      'tel:+918040005678',
    );
    expect(await details.getByText('Public holidays').isVisible()).toBe(true);
    expect(await visitor.page.locator('header').getByText('+91 80 4000 5678').isVisible()).toBe(true);
    expect(await visitor.page.locator('footer').getByText('Sat', { exact: true }).count()).toBe(0);
    expect(visitor.cspViolations).toEqual([]);
    await visitor.close();
    watched.expectNoProblems();
  });

  it('moves, adds and removes rows from the keyboard, the focus with them, and saves the new order', async () => {
    const { page } = watched;
    const reasons = page.locator('#site').getByRole('group', { name: 'Reasons to choose the school' });
    const titles = () =>
      reasons.getByLabel('Title').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id);
    const [first, second, third, ...rest] = await titles();

    // The third reason moves up twice: the focus follows it, onto "down" once it is first.
    await reasons.getByRole('button', { name: 'Move reason 3 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Move reason 2 up');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Move reason 1 down');
    expect(await titles()).toEqual([third, first, second, ...rest]);

    // A new reason is typed where the focus goes; a removed one's place takes the focus.
    await reasons.getByRole('button', { name: 'Add reason' }).press('Enter');
    await expect.poll(focused).toBe('reasons-8-title');
    await page.keyboard.type('Small classes');
    await reasons.locator('#reasons-8-text').fill('Never more than 30 in a class.');
    await reasons.getByRole('button', { name: 'Remove reason 2' }).press('Enter');
    await expect.poll(focused).toBe('Remove reason 2');
    expect(await titles()).toEqual([third, second, ...rest, 'Small classes']);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const saving = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/api/settings'),
    );
    await page.locator('#site').getByRole('button', { name: 'Save school details' }).click();
    expect(Object.keys((await saving).postDataJSON())).toEqual(['reasons', 'version']);
    await page.locator('#site').getByRole('status').filter({ hasText: 'The school details are saved' }).waitFor();
    const saved = (await settings()).reasons;
    expect(saved.map((reason: { title: string }) => reason.title)).toEqual(await titles());
    expect(saved.at(-1)).toEqual({ title: 'Small classes', text: 'Never more than 30 in a class.' });
  });

  it('edits the event categories, which the event form offers, and refuses two with one address', async () => {
    const { page } = watched;
    const section = page.locator('#site');
    const categories = section.getByRole('group', { name: 'Event categories' });
    await categories.getByRole('button', { name: 'Add category' }).click();
    await categories.getByRole('textbox', { name: 'Category 6', exact: true }).fill('examinations');
    await section.getByRole('button', { name: 'Save school details' }).click();
    await alertIn(section, 'would share the address /calendars/examinations.ics').waitFor();
    expect((await settings()).eventCategories).toHaveLength(5);

    await categories.getByRole('textbox', { name: 'Category 6', exact: true }).fill("Parents' evenings");
    await section.getByRole('button', { name: 'Save school details' }).click();
    await section.getByRole('status').filter({ hasText: 'The school details are saved' }).waitFor();
    expect((await settings()).eventCategories).toEqual([
      'Holidays',
      'Examinations',
      'Sports',
      'Meetings',
      'Celebrations',
      "Parents' evenings",
    ]);

    await openSection(page, 'events');
    const form = page.locator('#events').getByRole('form', { name: 'Add event' });
    const category = form.getByLabel('Category');
    expect(await category.locator('option').allTextContents()).toEqual([
      'No category',
      'Holidays',
      'Examinations',
      'Sports',
      'Meetings',
      'Celebrations',
      "Parents' evenings",
    ]);
    await form.getByLabel(/^Title/).fill('Class 5 parents evening');
    await form.getByLabel(/^Description/).fill('Meet the class teachers.');
    await form.getByLabel(/^Date/).fill('2031-04-01');
    await category.selectOption("Parents' evenings");
    await form.getByRole('button', { name: 'Add event' }).click();
    await page.locator('#events').getByRole('listitem', { name: 'Class 5 parents evening', exact: true }).waitFor();
    const [event] = (await site.call('GET', '/api/content')).body.events;
    expect(event).toMatchObject({ title: 'Class 5 parents evening', category: "Parents' evenings" });
    await expectLive();
    const calendar = await (await fetch(`${site.url}/calendars/parents-evenings.ics`)).text();
    expect(calendar).toContain('SUMMARY:Class 5 parents evening');
    expect(await seriousA11yViolations(page)).toEqual([]);
    watched.expectNoProblems();
  });

  it('explains a bad value, saves nothing, and keeps what was typed', async () => {
    const { page } = watched;
    const section = page.locator('#site');
    const before = await settings();
    await section.getByLabel('Time zone').fill('Mars/Olympus');
    await section.getByRole('button', { name: 'Save school details' }).click();
    await alertIn(section, 'Failed to save settings').waitFor();
    expect(await alertIn(section, 'time zone name such as Asia/Kolkata').isVisible()).toBe(true);
    expect(await section.getByLabel('Time zone').inputValue()).toBe('Mars/Olympus');
    expect(await settings()).toEqual(before);

    // A refusal by the server is shown the same way, with its reason.
    await page.route('**/api/settings', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"The phone number is odd"}' }),
    );
    await section.getByLabel('Time zone').fill('Asia/Kolkata');
    await section.getByRole('button', { name: 'Save school details' }).click();
    await alertIn(section, 'The phone number is odd').waitFor();
    await page.unroute('**/api/settings');
    expect(await settings()).toEqual(before);
  });
});

describe('Pages', () => {
  beforeEach(() => openSection(watched.page, 'pages'));

  it('edits a page as Markdown, and the public page shows it, its markup as text', async () => {
    const { page } = watched;
    const section = page.locator('#pages');
    await section.getByLabel('Page to edit').selectOption('privacy');
    expect(await section.getByLabel('Title').inputValue()).toBe('Privacy Policy');
    await section.getByLabel('Title').fill('Privacy and your data');
    const text = await markdownSource(section, 'Text');
    await text.fill(
      '## What we keep\n\n- **Alumni** registrations\n\n<script>alert(1)</script> [bad](javascript:alert(1))',
    );

    await section.getByRole('button', { name: 'Save page' }).click();
    await section.getByRole('status').filter({ hasText: 'The page is saved' }).waitFor();
    const stored = (await site.call('GET', '/api/pages')).body.find((p: { slug: string }) => p.slug === 'privacy');
    expect(stored.title).toBe('Privacy and your data');

    await expectLive();
    const visitor = await visit('/privacy');
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy and your data');
    expect(await visitor.page.getByRole('heading', { name: 'What we keep', level: 2 }).isVisible()).toBe(true);
    expect(await visitor.page.getByText('<script>alert(1)</script>').isVisible()).toBe(true);
    expect(await visitor.page.locator('article a').count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    expect(visitor.cspViolations).toEqual([]);
    await visitor.close();
    watched.expectNoProblems();
  });

  it('keeps unsaved text of one page while another is open', async () => {
    const section = watched.page.locator('#pages');
    await section.getByLabel('Page to edit').selectOption('disclaimer');
    const text = await markdownSource(section, 'Text');
    await text.fill('Draft disclaimer');
    await section.getByLabel('Page to edit').selectOption('accessibility');
    expect(await text.inputValue()).toContain('WCAG');
    await section.getByLabel('Page to edit').selectOption('disclaimer');
    expect(await text.inputValue()).toBe('Draft disclaimer');
    expect(await section.getByText('You have unsaved changes.').isVisible()).toBe(true);
  });
});

describe.each(Object.entries(VIEWPORTS))('the school pages and the sitemap at %s width', (_, viewport) => {
  it('have the layout, no CSP violation, no serious accessibility problem and no sideways scroll', async () => {
    for (const route of SITE_PAGES) {
      const visitor = await watchedPage(browser(), { viewport });
      await visitor.page.goto(site.url + route, { waitUntil: 'networkidle' });
      expect(await visitor.page.getByRole('heading', { level: 1 }).count(), route).toBe(1);
      expect(await visitor.page.locator('footer a[href="/accessibility"]').count(), route).toBe(1);
      expect(await seriousA11yViolations(visitor.page), route).toEqual([]);
      expect(await overflowsSideways(visitor.page), route).toBe(false);
      expect(visitor.cspViolations, route).toEqual([]);
      expect(visitor.errors, route).toEqual([]);
      await visitor.close();
    }
  }, 120_000);
});
