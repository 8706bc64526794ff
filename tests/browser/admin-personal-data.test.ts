/**
 * The dashboard's Personal data section in Chromium against a real server: a person's records
 * found by e-mail address or phone number with the consent kept with each, downloaded, erased
 * after a confirmation (the inbox and the alumni list loading again), the activity filtered to
 * the looks at personal data, the retention periods changed by an Administrator (the privacy page
 * says them) and read by the Office.
 */

import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consentText } from '../../site/lib/personal-data-text.ts';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { downloadedText } from '../support/browser.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { alertIn, answerNextConfirm, openPage, openSection, storeToken, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

const EMAIL = 'anita.sharma@example.org';
const MESSAGE = 'Could my niece join Class 3 next year?';
const registration = (fullName: string, email: string, mobile: string) => ({
  fullName,
  gender: 'female',
  mobile,
  email,
  address: '12 Lake Road, Pune',
  periodOfStudy: '2004-2010',
  qualification: 'B.Sc.',
  occupation: 'Engineer',
});

// Sent before the dashboard opens (hooks run in order), so its inbox and alumni list hold them.
beforeAll(async () => {
  const message = {
    name: 'Anita Sharma',
    email: 'Anita.Sharma@example.org',
    phone: '+91 98860 55443',
    subject: 'admission',
    message: MESSAGE,
    consent: true,
  };
  expect((await site.call('POST', '/api/contact', { json: message })).status).toBe(201);
  // Sent as a client written to the spec's API would: no consent.
  const anita = registration('Anita Sharma', EMAIL, '098860 55443');
  expect((await site.call('POST', '/api/alumni', { json: anita })).status).toBe(201);
  const ravi = { ...registration('Ravi Kumar', 'ravi@example.org', '9000012345'), consent: true };
  expect((await site.call('POST', '/api/alumni', { json: ravi })).status).toBe(201);
});
const dashboard = testDashboard(site, browser);

const section = (page: Page) => page.locator('#personal-data');
const valueField = (page: Page, name: 'E-mail address' | 'Phone number') =>
  section(page).getByRole('textbox', { name, exact: true });
const found = async () => (await site.asAdmin('GET', `/api/admin/personal-data?email=${EMAIL}`)).body;

async function search(page: Page, by: 'E-mail address' | 'Phone number', value: string) {
  await section(page).getByRole('radio', { name: by }).check();
  await valueField(page, by).fill(value);
  await section(page).getByRole('button', { name: 'Search' }).click();
}

describe('consent', () => {
  it('is shown with each message and registration, or marked as not recorded', async () => {
    const { page } = dashboard;
    const timeZone = (await site.call('GET', '/api/content')).body.settings.timeZone;
    const [stored] = (await site.asAdmin('GET', '/api/admin/messages')).body;
    expect(stored.consent).toMatchObject({ notice: expect.stringMatching(/^notice-[0-9a-f]{12}$/) });

    await openSection(page, 'inbox');
    const message = page.locator('#inbox').getByRole('listitem', { name: /Anita Sharma/ });
    const given = consentText(stored.consent, timeZone, 'message');
    expect(given).toMatch(/^Agreed to the privacy notice on .+ \(notice-[0-9a-f]{4}…\)$/);
    await message.getByText(given, { exact: true }).waitFor();

    await openSection(page, 'alumni');
    const alumni = page.locator('#alumni');
    await alumni
      .getByRole('listitem', { name: 'Anita Sharma' })
      .getByText('No consent recorded: kept at most 30 days unless approved', { exact: true })
      .waitFor();
    await alumni
      .getByRole('listitem', { name: 'Ravi Kumar' })
      .getByText(/^Agreed to the privacy notice on /)
      .waitFor();
    dashboard.expectNoProblems();
  });
});

describe("a person's data", () => {
  it('is found by e-mail address, whatever its capitals, grouped, with the consent of each record', async () => {
    const { page } = dashboard;
    await openSection(page, 'personal-data');
    const panel = section(page);

    // Nothing typed, or a number too short: said before anything is sent.
    await panel.getByRole('button', { name: 'Search' }).click();
    await alertIn(panel, 'Type the e-mail address to search for').waitFor();
    await search(page, 'Phone number', '12 34');
    await alertIn(panel, 'A phone number has at least 7 digits').waitFor();

    await search(page, 'E-mail address', ' ANITA.Sharma@example.org ');
    await panel
      .getByRole('status')
      .filter({ hasText: '1 registration, 1 message, 0 subscriptions, 0 e-mails not sent.' })
      .waitFor();
    const registrations = panel.getByRole('list', { name: /^Alumni registrations/ });
    const registrationItem = registrations.getByRole('listitem', { name: 'Registration: Anita Sharma' });
    expect(await registrationItem.textContent()).toContain('PENDING');
    expect(await registrationItem.textContent()).toContain('098860 55443');
    await registrationItem.getByText('No consent recorded: kept at most 30 days unless approved').waitFor();
    const messages = panel.getByRole('list', { name: /^Contact messages/ });
    const messageItem = messages.getByRole('listitem', { name: 'Message: Anita Sharma, Admission' });
    expect(await messageItem.textContent()).toContain(MESSAGE);
    expect(await messageItem.textContent()).toContain('Anita.Sharma@example.org');
    await messageItem.getByText(/^Agreed to the privacy notice on .+ \(notice-[0-9a-f]{4}…\)$/).waitFor();
    // Ravi's registration is someone else's.
    expect(await panel.getByText('Ravi Kumar').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    dashboard.expectNoProblems();
  });

  it('is found by phone number, by its last ten digits', async () => {
    const { page } = dashboard;
    await search(page, 'Phone number', '98860-55443');
    const panel = section(page);
    await panel
      .getByRole('status')
      .filter({ hasText: '1 registration, 1 message, 0 subscriptions, 0 e-mails not sent.' })
      .waitFor();
    await panel.getByRole('heading', { name: 'Kept about the phone number 98860-55443' }).waitFor();
    dashboard.expectNoProblems();
  });

  it("shows the server's reason when it refuses a search", async () => {
    const { page } = dashboard;
    // A query no form sends: both an address and a number.
    const searchCall = (url: URL) => url.pathname === '/api/admin/personal-data';
    await page.route(searchCall, (route) =>
      route.continue({ url: `${site.url}/api/admin/personal-data?email=${EMAIL}&phone=9886055443` }),
    );
    await search(page, 'E-mail address', EMAIL);
    const failure = alertIn(section(page), 'Failed to search the personal data');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Search by one e-mail address or one phone number');
    await page.unrouteAll();
    dashboard.expectNoProblems();
  });

  it('is downloaded as one JSON file, and as CSV', async () => {
    const { page } = dashboard;
    await search(page, 'E-mail address', EMAIL);
    const panel = section(page);
    await panel.getByRole('status').filter({ hasText: '1 registration, 1 message' }).waitFor();

    const json = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download as JSON' }).click();
    const jsonFile = await json;
    expect(jsonFile.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await downloadedText(jsonFile));
    expect(exported.exportedAt).toEqual(expect.any(String));
    expect(exported.alumni.map((alumnus: { fullName: string }) => alumnus.fullName)).toEqual(['Anita Sharma']);
    expect(exported.messages).toEqual([expect.objectContaining({ message: MESSAGE, consent: expect.any(Object) })]);
    expect(exported.pendingMails).toEqual([]);

    const csv = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download as CSV' }).click();
    const csvFile = await csv;
    expect(csvFile.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse((await downloadedText(csvFile)).replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]?.[0]).toBe('Record');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['alumni registration', 'contact message']);
    dashboard.expectNoProblems();
  });

  it('is erased after a confirmation naming what goes, and the inbox and alumni list load again', async () => {
    const { page } = dashboard;
    const panel = section(page);
    const erase = panel.getByRole('button', { name: 'Erase all of it' });

    const declined = answerNextConfirm(page, false);
    await erase.click();
    const question = await declined;
    expect(question).toContain(
      `the e-mail address ${EMAIL}: 1 registration, 1 message, 0 subscriptions, 0 e-mails not sent?`,
    );
    expect(question).toContain('This cannot be undone');
    expect(question).toContain('backup');
    expect((await found()).messages).toHaveLength(1);

    const accepted = answerNextConfirm(page, true);
    await erase.click();
    await accepted;
    const answer = panel.getByRole('status').filter({
      hasText: 'Erased under request E-0001: 1 registration, 1 message, 0 subscriptions, 0 e-mails not sent.',
    });
    await answer.waitFor();
    expect(await answer.evaluate((element) => element === document.activeElement)).toBe(true);
    await panel.getByText('Nothing is kept about this e-mail address.').waitFor();
    expect(await erase.count()).toBe(0);
    expect(await found()).toEqual({ alumni: [], messages: [], subscriptions: [], pendingMails: [] });

    await openSection(page, 'inbox');
    await page.locator('#inbox').getByText('No messages yet.').waitFor();
    await openSection(page, 'alumni');
    const alumni = page.locator('#alumni');
    await alumni.getByRole('listitem', { name: 'Anita Sharma' }).waitFor({ state: 'detached' });
    await alumni.getByRole('listitem', { name: 'Ravi Kumar' }).waitFor();

    await openSection(page, 'personal-data');
    await search(page, 'E-mail address', EMAIL);
    await panel.getByRole('status').filter({ hasText: 'Nothing is kept about this e-mail address.' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Download as JSON' }).count()).toBe(0);
    dashboard.expectNoProblems();
  });
});

describe('the activity', () => {
  it('filters to the looks at personal data, said in words', async () => {
    const { page } = dashboard;
    await openSection(page, 'accounts');
    const activity = page.locator('#activity');
    await activity.getByRole('list', { name: 'Activity' }).waitFor();
    await activity.getByLabel('Only looks at personal data').check();
    const looks = activity.getByRole('list', { name: 'Looks at personal data' });
    const newest = looks.getByRole('listitem').first();
    await newest.filter({ hasText: 'Searched personal data' }).waitFor();
    expect(await newest.textContent()).toMatch(/Searched personal data\s*by e-mail address\s*admin/);
    expect(await looks.getByText('Opened the inbox').count()).toBeGreaterThan(0);
    expect(await looks.getByText("Downloaded a person's data").count()).toBeGreaterThan(0);
    expect(await looks.getByText('Logged in', { exact: true }).count()).toBe(0);
    expect(await looks.textContent()).not.toContain(EMAIL);

    await activity.getByLabel('Only looks at personal data').uncheck();
    const all = activity.getByRole('list', { name: 'Activity' });
    await all
      .getByRole('listitem')
      .filter({ hasText: "Erased a person's data" })
      .filter({ hasText: 'E-0001: 1 registration, 1 message, 0 subscriptions, 0 e-mails not sent' })
      .waitFor();
    dashboard.expectNoProblems();
  });
});

describe('how long personal data is kept', () => {
  it('is changed by an Administrator, checked first, and the privacy page says it', async () => {
    const { page } = dashboard;
    await openSection(page, 'personal-data');
    const retention = page.locator('#retention');
    await retention.getByText('The next check (within a minute) removes nothing.').waitFor();
    const months = retention.getByRole('spinbutton', { name: 'Contact messages (months)' });
    expect(await months.inputValue()).toBe('12');
    expect(await retention.getByRole('spinbutton', { name: 'Pending registrations (days)' }).inputValue()).toBe('90');
    expect(await retention.getByRole('spinbutton', { name: 'Backups (days)' }).inputValue()).toBe('30');

    await months.fill('0');
    await retention.getByRole('button', { name: 'Save the periods' }).click();
    await alertIn(retention, 'Contact messages are kept at least 1 month').waitFor();
    expect((await site.asAdmin('GET', '/api/admin/retention')).body.settings.messageMonths).toBe(12);

    await months.fill('18');
    await retention.getByRole('button', { name: 'Save the periods' }).click();
    await retention.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await site.asAdmin('GET', '/api/admin/retention')).body.settings).toEqual({
      messageMonths: 18,
      pendingAlumniDays: 90,
      backupDays: 30,
    });
    await site.waitUntilLive();
    const privacy = await site.call('GET', '/privacy');
    expect(privacy.body).toContain('Contact messages: 18 months after they arrive');
    expect(await seriousA11yViolations(page)).toEqual([]);
    dashboard.expectNoProblems();
  });

  it('is read by the Office, who cannot change it, on a phone', async () => {
    const account = { username: 'office', password: 'office-password', role: 'office' };
    expect((await site.asAdmin('POST', '/api/admin/create', { json: account })).status).toBe(201);
    const login = await site.call('POST', '/api/admin/login', { json: account });
    expect(login.status).toBe(200);

    const office = await openPage(browser(), { width: 412, height: 915 });
    try {
      const { page } = office;
      await storeToken(page, site.url, login.body.token);
      await page.goto(`${site.url}/admin/dashboard#personal-data`);
      const retention = page.locator('#retention');
      await retention.getByText('18 months after they arrive').waitFor();
      expect(await retention.getByRole('spinbutton').count()).toBe(0);
      expect(await retention.getByRole('button', { name: 'Save the periods' }).count()).toBe(0);
      await retention.getByText('Only Administrator accounts can change these periods.').waitFor();
      const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
      expect(await nav.locator('a[href="#accounts"]').count()).toBe(0);

      // The Office answers a person's request too.
      await search(page, 'E-mail address', EMAIL);
      await section(page)
        .getByRole('status')
        .filter({ hasText: 'Nothing is kept about this e-mail address.' })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      office.expectNoProblems();
    } finally {
      await office.close();
    }
  });
});
