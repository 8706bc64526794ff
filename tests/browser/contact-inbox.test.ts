/**
 * A contact message travels all the way: the form on /contact, the thank-you screen once it is
 * stored, the dashboard's inbox (unread count, read, reply, delete), the e-mail to the office
 * (an SMTP server in this process) and the CSV export. A failure keeps the text and says so.
 */

import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_LABEL } from '../../site/contract/consent.ts';
import { MESSAGES_CSV_HEADINGS } from '../api/helpers.ts';
import { hydrated, seriousA11yViolations, type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { downloadedText } from '../support/browser.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';
import { type WatchedPage as AdminPage, answerNextConfirm, openDashboard, openSection } from './admin-harness.ts';

const office = officeMailServer();
const site = testServer({ admin: true, env: office.env });
const browser = testBrowser();

const MESSAGE = 'Could my daughter join the school choir in Class 6?\nShe has sung since she was five.';
const field = (page: Page, label: string) =>
  label === 'Message' ? page.getByRole('textbox', { name: 'Message', exact: true }) : page.getByLabel(label);

async function fillContactForm(page: Page) {
  await field(page, 'Name').fill('Lakshmi Pillai');
  await field(page, 'Email').fill('lakshmi.pillai@example.org');
  await field(page, 'Phone').fill('+91 98860 55443');
  await page.getByLabel('Subject').selectOption('academic');
  await field(page, 'Message').fill(MESSAGE);
  await page.getByLabel(CONSENT_LABEL).check();
}

describe('the contact form', () => {
  let visitor: WatchedPage;
  beforeAll(async () => {
    visitor = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    await visitor.page.goto(`${site.url}/contact`, { waitUntil: 'networkidle' });
    await hydrated(visitor.page);
  });
  afterAll(() => visitor.close());

  it('links to how the school uses the details, and hides its trap from people', async () => {
    const { page } = visitor;
    expect(await page.getByRole('link', { name: 'How we use your details' }).getAttribute('href')).toBe('/privacy');
    const trap = await page.locator('input[name="website"]').boundingBox();
    expect(trap!.x + trap!.width).toBeLessThanOrEqual(0); // off screen
    expect(await page.locator('.form-trap').getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('input[name="website"]').getAttribute('tabindex')).toBe('-1');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('keeps the text and says so when the message cannot be sent', async () => {
    const { page } = visitor;
    await fillContactForm(page);
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const failure = page.getByRole('alert');
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/could not be sent/);
    expect(await field(page, 'Name').inputValue()).toBe('Lakshmi Pillai');
    expect(await field(page, 'Message').inputValue()).toBe(MESSAGE);
    expect(await page.getByRole('heading', { name: /Thank you/ }).count()).toBe(0);
    await page.unrouteAll();
    expect((await site.asAdmin('GET', '/api/admin/messages')).body).toEqual([]);
  });

  it('shows that it is sending, and thanks only once the message is stored', async () => {
    const { page, cspViolations, errors } = visitor;
    // The answer is held back a moment, to see the form while it waits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    expect(await field(page, 'Name').isDisabled()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    release();

    await page.getByRole('heading', { name: 'Thank you, Lakshmi Pillai!' }).waitFor();
    await page.unrouteAll();
    const [stored] = (await site.asAdmin('GET', '/api/admin/messages')).body;
    expect(stored).toMatchObject({ name: 'Lakshmi Pillai', subject: 'academic', message: MESSAGE, read: false });

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    expect(await field(page, 'Email').inputValue()).toBe('lakshmi.pillai@example.org');
    expect(await field(page, 'Message').inputValue()).toBe(MESSAGE);
    expect(cspViolations).toEqual([]);
    expect(errors.filter((error) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(error))).toEqual([]);
  });
});

describe('the message, afterwards', () => {
  let admin: AdminPage;
  beforeAll(async () => {
    admin = await openDashboard(browser(), site.url, site.token);
  });
  afterAll(() => admin?.close());

  it('reaches the office by e-mail, naming the sender and carrying the message', async () => {
    const mail = await office.smtp.waitFor(/Lakshmi Pillai/, 10_000);
    expect(mail.subject).toBe('Contact message from Lakshmi Pillai: Academic');
    expect(mail.text).toContain(MESSAGE);
    expect(mail.replyTo?.value[0]?.address).toBe('lakshmi.pillai@example.org');
  });

  it('waits in the dashboard inbox, unread, with a reply link; read and unread at a click', async () => {
    const { page } = admin;
    await openSection(page, 'inbox');
    const inbox = page.locator('#inbox');
    await inbox.getByText('1 unread').waitFor();
    const item = inbox.getByRole('listitem', { name: /Lakshmi Pillai/ });
    expect(await item.textContent()).toContain('She has sung since she was five.');
    expect(await item.textContent()).toContain('UNREAD');
    const reply = await item.getByRole('link', { name: 'Reply' }).getAttribute('href');
    expect(reply).toMatch(/^mailto:lakshmi\.pillai@example\.org\?subject=Re%3A%20Your%20message%20\(Academic\)&body=/);
    expect(decodeURIComponent(reply!.split('body=')[1]!)).toContain('> Could my daughter join the school choir');

    await item.getByRole('button', { name: 'Mark as read' }).click();
    await inbox.getByText('0 unread').waitFor();
    expect((await site.asAdmin('GET', '/api/admin/messages')).body[0].read).toBe(true);
    await item.getByRole('button', { name: 'Mark as unread' }).click();
    await inbox.getByText('1 unread').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    admin.expectNoProblems();
  });

  it('is in the CSV the dashboard downloads', async () => {
    const { page } = admin;
    await openSection(page, 'inbox');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download messages (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse((await downloadedText(file)).replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual(MESSAGES_CSV_HEADINGS);
    expect(rows.slice(1)).toEqual([
      [
        expect.any(String),
        'Lakshmi Pillai',
        'lakshmi.pillai@example.org',
        "'+91 98860 55443",
        'academic',
        MESSAGE,
        'no',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        expect.stringMatching(/^notice-[0-9a-f]{12}$/),
      ],
    ]);

    await openSection(page, 'alumni');
    const alumni = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download alumni (CSV)' }).click();
    expect((await alumni).suggestedFilename()).toMatch(/^alumni-\d{4}-\d{2}-\d{2}\.csv$/);
    admin.expectNoProblems();
  });

  it('is deleted only after confirmation', async () => {
    const { page } = admin;
    await openSection(page, 'inbox');
    const inbox = page.locator('#inbox');
    const item = inbox.getByRole('listitem', { name: /Lakshmi Pillai/ });
    const dismissed = answerNextConfirm(page, false);
    await item.getByRole('button', { name: 'Delete' }).click();
    expect(await dismissed).toContain('Lakshmi Pillai');
    expect((await site.asAdmin('GET', '/api/admin/messages')).body).toHaveLength(1);

    const accepted = answerNextConfirm(page, true);
    await item.getByRole('button', { name: 'Delete' }).click();
    await accepted;
    await inbox.getByText('No messages yet.').waitFor();
    expect((await site.asAdmin('GET', '/api/admin/messages')).body).toEqual([]);
    admin.expectNoProblems();
  });
});
