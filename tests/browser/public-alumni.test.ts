/** /alumni: the registration form of spec §5 with its errors, submitting state, success and failures. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_LABEL, CONSENT_REQUIRED } from '../../site/contract/consent.ts';
import { hydrated, seriousA11yViolations, type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { holdRequests } from '../support/browser.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

async function open(viewport: { width: number; height: number }): Promise<WatchedPage> {
  const watched = await watchedPage(browser(), { viewport });
  await watched.page.goto(site.url + '/alumni', { waitUntil: 'networkidle' });
  await hydrated(watched.page);
  return watched;
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function fillIn(page: Page, fullName: string) {
  await field(page, 'fullName').fill(fullName);
  await page.getByLabel('Female').check();
  await field(page, 'mobile').fill('+91 98450 12345');
  await field(page, 'email').fill(`${fullName.split(' ')[0]!.toLowerCase()}@example.org`);
  await field(page, 'address').fill('4 Temple Street, Mysuru');
  await field(page, 'periodOfStudy').fill('2008-2020');
  await field(page, 'qualification').fill('B.Sc. Physics');
  await field(page, 'occupation').fill('Engineer');
  await page.getByLabel(CONSENT_LABEL).check();
}

const register = (page: Page) => page.getByRole('button', { name: 'Register', exact: true }).click();

describe.each(Object.entries(VIEWPORTS))('at %s width', (_, viewport) => {
  it('shows an error under every missing required field and clears one as its field is typed in', async () => {
    const { page, close, cspViolations, errors } = await open(viewport);
    await register(page);
    await page.locator('.field-error').first().waitFor();
    const required = [
      'Full name is required',
      'Please choose male or female',
      'Mobile number is required',
      'Email is required',
      'Address is required',
      'Period of study is required',
      'Qualification is required',
      'Occupation is required',
      // The box that agrees to the privacy notice, unticked at first (issue 23).
      CONSENT_REQUIRED,
    ];
    expect(await page.locator('.field-error').allInnerTexts()).toEqual(required);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'fullName');
    expect(await field(page, 'periodOfStudy').getAttribute('aria-describedby')).toContain('field-periodOfStudy-hint');
    expect(await page.getByText('For example 2010-2020').isVisible()).toBe(true);

    await field(page, 'fullName').type('M');
    expect(await page.locator('.field-error').allInnerTexts()).toEqual(required.slice(1));
    await page.getByLabel('Male', { exact: true }).check();
    expect(await page.locator('.field-error').allInnerTexts()).toEqual(required.slice(2));
    await field(page, 'email').fill('nobody');
    await register(page);
    await page.getByText('Please enter a valid email address').waitFor();
    expect(cspViolations).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("registers: 'Registering...' with the fields disabled, then the success screen, and 'Register Another Alumni' resets the form", async () => {
    const { page, close, cspViolations } = await open(viewport);
    const name = `Meera Iyer ${viewport.width}`;
    await fillIn(page, name);
    const letThrough = await holdRequests(page, '**/api/alumni');
    await register(page);
    const busy = page.getByRole('button', { name: 'Registering...' });
    expect(await busy.isDisabled()).toBe(true);
    expect(await field(page, 'fullName').isDisabled()).toBe(true);
    expect(await field(page, 'message').isDisabled()).toBe(true);
    letThrough();

    await page.getByRole('heading', { name: 'Thank you for registering!' }).waitFor();
    const alumni = await site.asAdmin('GET', '/api/admin/alumni');
    expect(alumni.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ fullName: name, isApproved: false, gender: 'female' })]),
    );

    await page.getByRole('button', { name: 'Register Another Alumni' }).click();
    expect(await field(page, 'fullName').inputValue()).toBe('');
    expect(await page.getByLabel('Female').isChecked()).toBe(false);
    expect(await page.locator('.field-error').count()).toBe(0);
    expect(cspViolations).toEqual([]);
    await close();
  });
});

describe('when registering fails', () => {
  it("shows the server's message in a red box and keeps what was typed", async () => {
    const { page, close } = await open(VIEWPORTS.phone);
    await page.route('**/api/alumni', (route) =>
      route.fulfill({
        status: 429,
        json: { message: 'Too many registrations from this connection. Please try again in 5 minutes.' },
      }),
    );
    await fillIn(page, 'Ravi Kumar');
    await register(page);
    const box = page.getByRole('alert');
    expect(await box.innerText()).toBe('Too many registrations from this connection. Please try again in 5 minutes.');
    expect(await box.evaluate((element) => getComputedStyle(element).borderLeftColor)).toBe('rgb(198, 40, 40)');
    expect(await field(page, 'fullName').inputValue()).toBe('Ravi Kumar');
    expect(await page.getByRole('button', { name: 'Register', exact: true }).isEnabled()).toBe(true);
    await close();
  });

  it("says 'Registration failed. Please try again.' when the server gives no message or cannot be reached", async () => {
    const { page, close } = await open(VIEWPORTS.desktop);
    await fillIn(page, 'Ravi Kumar');
    await page.route('**/api/alumni', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await register(page);
    expect(await page.getByRole('alert').innerText()).toBe('Registration failed. Please try again.');
    await page.unroute('**/api/alumni');
    await page.route('**/api/alumni', (route) => route.abort());
    await register(page);
    expect(await page.getByRole('alert').innerText()).toBe('Registration failed. Please try again.');
    await close();
  });
});

it("keeps what a visitor typed before the form's script ran, and registers it", async () => {
  const { page, close } = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
  const release = await holdRequests(page, '**/_astro/*.js');
  await page.goto(site.url + '/alumni', { waitUntil: 'domcontentloaded' });
  await fillIn(page, 'Early Typist');
  expect(await page.getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true);
  release();
  await register(page);
  await page.getByRole('button', { name: 'Register Another Alumni' }).waitFor();
  const alumni = await site.asAdmin<{ fullName: string; email: string }[]>('GET', '/api/admin/alumni');
  expect(alumni.body.map((a) => a.fullName)).toContain('Early Typist');
  await close();
});
