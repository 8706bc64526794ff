/**
 * The accessibility checker in the dashboard: a warning beside a description that says only "click
 * here", which does not stop the save; the Accessibility section listing it, counted in the
 * navigation, with a link that opens the event to fix; and "No problems found." once it is fixed.
 */
import { describe, expect, it } from 'vitest';
import { pdfFile } from '../api/test-documents.ts';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { markdownSource, openSection, pngFile, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const admin = testDashboard(site, browser);

const TITLE = 'Science fair';
const WARNING =
  'This link says only "click here": change its text to say where it leads, such as "Download the fee schedule".';
const events = async () => (await site.call('GET', '/api/events')).body as { _id: string; title: string }[];

describe('the accessibility checker in the dashboard', () => {
  it('says there is nothing to fix on the content of a fresh install', async () => {
    const { page } = admin;
    await openSection(page, 'accessibility');
    const section = page.locator('#accessibility');
    await section.getByText('No problems found.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    expect(await nav.locator('a[href="#accessibility"]').textContent()).toBe('Accessibility');
  });

  it('warns beside a description whose link says only "click here", and still saves it', async () => {
    const { page } = admin;
    await openSection(page, 'events');
    const form = page.locator('#events').getByRole('form', { name: 'Add event' });
    await form.getByLabel(/^Title/).fill(TITLE);
    await form.getByLabel('Date').fill('2026-05-20');
    const description = await markdownSource(form, 'Description');
    await description.fill('The projects are on show. For the programme [click here](/eventsnews).');
    const warning = form.getByRole('status').filter({ hasText: WARNING });
    await warning.waitFor();
    // The field names the warning as its description, for screen readers.
    const warningsId = await warning.getAttribute('id');
    expect((await description.getAttribute('aria-describedby'))?.split(' ')).toContain(warningsId);
    await form.locator('.markdown-field').screenshot({ path: '/tmp/a11y-warning.png' });

    await form.getByRole('button', { name: 'Add event' }).click();
    await expect.poll(async () => (await events()).some((event) => event.title === TITLE)).toBe(true);
  });

  it('lists the finding in the Accessibility section, counted in the navigation, with a link that opens the event', async () => {
    const { page } = admin;
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    const entry = nav.locator('a[href="#accessibility"]');
    await expect.poll(() => entry.textContent()).toBe('Accessibility1 to fix');
    await openSection(page, 'accessibility');
    const section = page.locator('#accessibility');
    const group = section.getByRole('region', { name: 'Links that do not say where they lead (1)' });
    await group.getByText(WARNING).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/a11y-section.png', fullPage: true });

    const eventId = (await events()).find((event) => event.title === TITLE)!._id;
    const open = group.getByRole('link', { name: 'Open the event' });
    expect(await open.getAttribute('href')).toBe(`/admin/dashboard#events/${eventId}`);
    await open.click();
    const edit = page.locator('#events').getByRole('form', { name: `Edit ${TITLE}` });
    await edit.waitFor();
    expect(page.url()).toBe(`${site.url}/admin/dashboard#events/${eventId}`);
    // Its form takes the focus, in view, with the warning beside the description.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`events-${eventId}-title`);
    await edit.getByRole('status').filter({ hasText: WARNING }).waitFor();
    await page.screenshot({ path: '/tmp/a11y-opened.png', fullPage: false });

    // Fixed there, the section says so plainly.
    const source = await markdownSource(edit, 'Description');
    await source.fill('The projects are on show. See [the events programme](/eventsnews).');
    await edit.getByRole('status').filter({ hasText: WARNING }).waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await openSection(page, 'accessibility');
    await section.getByText('No problems found.').waitFor();
    await expect.poll(() => entry.textContent()).toBe('Accessibility');
    admin.expectNoProblems();
  });

  it('shows what it found in a PDF just uploaded with its circular', async () => {
    const { page } = admin;
    await openSection(page, 'circulars');
    const section = page.locator('#circulars');
    const form = section.getByRole('form', { name: 'Add circular' });
    await form.getByLabel(/^Title/).fill('Bus routes');
    await form.getByLabel('Date').fill('2026-06-01');
    await form
      .getByLabel('PDF document (optional)')
      .setInputFiles({ name: 'bus-routes.pdf', mimeType: 'application/pdf', buffer: pdfFile('Bus routes') });
    await form.getByRole('button', { name: 'Add circular' }).click();
    const row = section.getByRole('listitem', { name: 'Bus routes' });
    await row
      .getByText(
        '"bus-routes.pdf" is not a tagged PDF, so screen readers cannot follow its headings and reading order: export it again from your word processor with the accessibility (tagged PDF) option turned on.',
      )
      .waitFor();
    expect(await row.getByText('Accessibility: 3 things to fix').isVisible()).toBe(true);
    await row.screenshot({ path: '/tmp/a11y-pdf.png' });
  });

  it('warns under the image chooser while a chosen photo has no description, until it is marked decorative', async () => {
    const { page } = admin;
    await openSection(page, 'news');
    const form = page.locator('#news').getByRole('form', { name: 'Add news' });
    const warning = form.getByText(
      'This image has no description for people who cannot see it: describe it in a few words, or mark it decorative if it adds nothing.',
    );
    expect(await warning.count()).toBe(0);
    await form.getByLabel(/^Image/).setInputFiles(await pngFile('assembly.png'));
    await warning.waitFor();
    await form.getByLabel('Decorative (no description needed)').check();
    await warning.waitFor({ state: 'detached' });
  });

  it('opens the page a link names', async () => {
    const { page } = admin;
    await page.goto(`${site.url}/admin/dashboard#pages/privacy`);
    await page.getByRole('heading', { name: 'Pages', level: 2 }).waitFor();
    await expect.poll(() => page.locator('#page-choice').inputValue()).toBe('privacy');
  });
});
