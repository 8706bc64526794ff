/**
 * Circulars in the dashboard: one added with its PDF appears on /notifications-circular with a
 * link that opens the same document; edited, refused when the file is no PDF, deleted after a
 * confirmation, and its document gone with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfFile } from '../api/test-documents.ts';
import { seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { alertIn, answerNextConfirm, openSection, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const admin = testDashboard(site, browser);

const TITLE = 'Sports day on 14 February';
const PDF = pdfFile('Sports day programme');
const circulars = async () =>
  (await site.call('GET', '/api/circulars')).body as {
    _id: string;
    title: string;
    document: { documentId: string; originalName: string } | null;
  }[];

describe('the Circulars section', () => {
  beforeAll(() => openSection(admin.page, 'circulars'));

  it('lists the three circulars of a fresh install, newest first', async () => {
    const section = admin.page.locator('#circulars');
    expect(await section.locator('.item-title').allTextContents()).toEqual([
      'Annual examinations and parent-teacher meeting',
      'First-term examination schedule',
      'School reopens for the academic year 2024-25',
    ]);
  });

  it('asks for the title and date, and refuses a file that is no PDF', async () => {
    const section = admin.page.locator('#circulars');
    const form = section.getByRole('form', { name: 'Add circular' });
    await form.getByLabel('Date').fill('');
    await form.getByRole('button', { name: 'Add circular' }).click();
    await alertIn(form, 'Please fill all required circular fields (title, date)').waitFor();

    await form.getByLabel(/^Title/).fill('A circular that is a picture');
    await form.getByLabel('Date').fill('2026-02-01');
    await form
      .getByLabel('PDF document (optional)')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Just text, not a PDF') });
    await form.getByRole('button', { name: 'Add circular' }).click();
    const refused = alertIn(form, 'Failed to add circular');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Only PDF documents are accepted');
    expect(await circulars()).toHaveLength(3);
    await refused.getByRole('button', { name: 'Dismiss this message' }).click();
  });

  it('adds a circular with its PDF, which the public page links to', async () => {
    const { page } = admin;
    const section = page.locator('#circulars');
    const form = section.getByRole('form', { name: 'Add circular' });
    expect(await form.getByLabel('PDF document (optional)').getAttribute('accept')).toContain('application/pdf');
    await form.getByLabel(/^Title/).fill(TITLE);
    await form.getByLabel('Date').fill('2026-02-02');
    await form.getByLabel(/^Description/).fill('Races, relays and a march past. Parents are welcome.');
    await form
      .getByLabel('PDF document (optional)')
      .setInputFiles({ name: 'Sports day.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Add circular' }).click();
    const item = section.getByRole('listitem', { name: TITLE });
    await item.waitFor();
    expect(await form.getByLabel(/^Title/).inputValue()).toBe('');
    expect(await section.locator('.item-title').first().textContent()).toBe(TITLE);
    const [added] = (await circulars()).filter((c) => c.title === TITLE);
    expect(added!.document).toEqual({ documentId: expect.stringMatching(/\.pdf$/), originalName: 'Sports day.pdf' });
    expect(await item.getByRole('link', { name: 'Sports day.pdf' }).getAttribute('href')).toBe(
      `/documents/${added!.document!.documentId}`,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    admin.expectNoProblems();

    await site.waitUntilLive();
    const visitor = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    await visitor.page.goto(`${site.url}/notifications-circular`, { waitUntil: 'networkidle' });
    const card = visitor.page.locator('.circular').filter({ hasText: TITLE });
    expect(await card.getByText('Issued on 2 February 2026').isVisible()).toBe(true);
    // The title is there for screen readers, who hear which circular the link opens.
    const link = card.getByRole('link', { name: new RegExp(`^Read the circular\\s*: ${TITLE} \\(PDF\\)$`) });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/documents/${added!.document!.documentId}`);
    const opened = await visitor.page.request.get(site.url + href);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.compare(await opened.body(), PDF)).toBe(0);
    // Followed in the browser, the link opens the document (Chromium's PDF viewer).
    const [response] = await Promise.all([visitor.page.waitForResponse(`**${href}`), link.click()]);
    expect(response.status()).toBe(200);
    expect(visitor.cspViolations).toEqual([]);
    await visitor.close();
  });

  it('edits a circular in place and removes its PDF, which then stops being served', async () => {
    const section = admin.page.locator('#circulars');
    const [added] = (await circulars()).filter((c) => c.title === TITLE);
    const item = section.getByRole('listitem', { name: TITLE });
    await item.getByRole('button', { name: 'Edit' }).click();
    const form = item.getByRole('form', { name: `Edit ${TITLE}` });
    await form.getByLabel(/^Title/).fill(`${TITLE} (new time)`);
    await form.getByLabel(/^Remove the PDF/).check();
    await form.getByRole('button', { name: 'Save' }).click();
    const edited = section.getByRole('listitem', { name: `${TITLE} (new time)` });
    await edited.waitFor();
    expect(await edited.textContent()).toContain('No PDF document');
    const [after] = (await circulars()).filter((c) => c._id === added!._id);
    expect(after).toMatchObject({ title: `${TITLE} (new time)`, document: null });
    await expect
      .poll(async () => (await fetch(`${site.url}/api/document/${added!.document!.documentId}`)).status)
      .toBe(404);
    admin.expectNoProblems();
  });

  it('deletes a circular only after confirmation', async () => {
    const { page } = admin;
    const item = page.locator('#circulars').getByRole('listitem', { name: `${TITLE} (new time)` });
    const dismissed = answerNextConfirm(page, false);
    await item.getByRole('button', { name: 'Delete' }).click();
    expect(await dismissed).toContain(TITLE);
    expect(await circulars()).toHaveLength(4);

    const accepted = answerNextConfirm(page, true);
    await item.getByRole('button', { name: 'Delete' }).click();
    await accepted;
    await item.waitFor({ state: 'detached' });
    expect((await circulars()).map((c) => c.title)).not.toContain(`${TITLE} (new time)`);
    await site.waitUntilLive();
    expect(await (await fetch(`${site.url}/notifications-circular`)).text()).not.toContain(TITLE);
    admin.expectNoProblems();
  });
});
