/** The leadership messages, the contact form and the static pages. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_LABEL, CONSENT_REQUIRED } from '../../site/contract/consent.ts';
import { LEADERSHIP_ROLES, messageField } from '../../site/contract/content.ts';
import { must, picture, upload } from '../public/content.ts';
import { school } from '../public/default-school.ts';
import { hydrated, seriousA11yViolations, type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
let presidentImageId: string;

const words = (count: number, word: string) => Array.from({ length: count }, (_, i) => `${word}${i + 1}`).join(' ');
const messages = {
  correspondent: words(40, 'care'),
  headmistress: words(25, 'learn'),
  president: `${words(30, 'grow')}\n\nWith warm regards.`,
  secretary: '',
  honoraryPresident: words(26, 'serve'),
};

beforeAll(async () => {
  await setMessages(messages);
  const portrait = await upload(site.url, site.token, await picture(600, 800, '#8a5a44'), 'president.png');
  presidentImageId = portrait.imageId;
  await must(site.url, site.token, 'PUT', '/api/person-image/president', portrait);
  await site.waitUntilLive();
});

async function setMessages(texts: Record<(typeof LEADERSHIP_ROLES)[number], string>) {
  const content = (await site.call('GET', '/api/content')).body;
  for (const role of LEADERSHIP_ROLES) content[messageField(role)] = texts[role];
  await must(site.url, site.token, 'PUT', '/api/content', content);
}

async function open(path: string, viewport: { width: number; height: number }): Promise<WatchedPage> {
  const watched = await watchedPage(browser(), { viewport });
  await watched.page.goto(site.url + path, { waitUntil: 'networkidle' });
  return watched;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe.each(Object.entries(VIEWPORTS))('leadership at %s width', (_, viewport) => {
  it('shows the five roles in order with their fixed names, 25-word previews and Read More only past 25 words', async () => {
    const { page, close, cspViolations } = await open('/about/leadership', viewport);
    const cards = page.locator('.leader');
    expect(await cards.locator('h2').allTextContents()).toEqual(
      LEADERSHIP_ROLES.map((role) => school.leaders[role].title),
    );
    expect(await cards.locator('.leader-name').allTextContents()).toEqual(
      LEADERSHIP_ROLES.map((role) => school.leaders[role].name),
    );
    expect(await cards.locator('.leader-preview').allTextContents()).toEqual([
      `${words(25, 'care')}…`,
      messages.headmistress,
      `${words(25, 'grow')}…`,
      'No content available',
      `${words(25, 'serve')}…`,
    ]);
    const readMore = (role: string) => page.locator(`#${role}`).getByRole('button', { name: /^Read More/ });
    expect(await readMore('correspondent').count()).toBe(1);
    expect(await readMore('headmistress').count()).toBe(0);
    expect(await readMore('secretary').count()).toBe(0);
    expect(await readMore('honoraryPresident').count()).toBe(1);

    const portrait = page.locator('#president img');
    expect(await portrait.getAttribute('alt')).toBe(`${school.leaders.president.name}, President`);
    expect(await portrait.getAttribute('width')).toBe('600');
    expect(await portrait.getAttribute('height')).toBe('800');
    expect(await portrait.getAttribute('srcset')).toContain(`/images/${presidentImageId}-320.webp 320w`);
    expect(await portrait.getAttribute('sizes')).toBeTruthy();
    expect(await portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(cspViolations).toEqual([]);
    await close();
  });

  it('opens the full message in a window that keeps focus, closes with × and Escape, and gives focus back', async () => {
    const { page, close, cspViolations, errors } = await open('/about/leadership', viewport);
    const button = page.locator('#president').getByRole('button', { name: /^Read More/ });
    await hydrated(page);
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'President' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByText(school.leaders.president.name).isVisible()).toBe(true);
    expect(await dialog.locator('.modal-text').textContent()).toBe(messages.president);
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await dialog.isVisible()).toBe(false);
    expect(await focusedText(page)).toMatch(/^Read More/);

    await button.click();
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.closest('#president') !== null)).toBe(true);
    expect(cspViolations).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe.each(Object.entries(VIEWPORTS))('contact at %s width', (_, viewport) => {
  it('shows the details, office hours and the 24-hour promise', async () => {
    const { page, close } = await open('/contact', viewport);
    const details = page.getByRole('complementary', { name: 'Contact details' });
    const text = await details.innerText();
    for (const part of [
      school.phone,
      school.email,
      school.address[0],
      'Mon-Fri',
      '8:00 AM-4:00 PM',
      'Sat',
      '9:00 AM-1:00 PM',
      'Sun',
      'Closed',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('within 24 hours');
    expect(await page.getByLabel('Subject').locator('option').allTextContents()).toEqual([
      'Choose a subject',
      'Admission',
      'Academic',
      'Complaint',
      'Suggestion',
      'Other',
    ]);
    await close();
  });

  it('checks the form, clears an error on typing, sends the message once, thanks, and comes back with the values', async () => {
    const { page, close, cspViolations, errors } = await open('/contact', viewport);
    const calls: string[] = [];
    // The page may still fetch its own files (code, the icon); a message leaving is a call that
    // sends something: not a GET, a query string, or the API. Only the valid form may send one.
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' || url.search || url.pathname.startsWith('/api')) {
        calls.push(`${request.method()} ${url.pathname} ${request.postData()}`);
      }
    });
    const send = page.getByRole('button', { name: 'Send Message' });
    await hydrated(page);
    await send.click();
    await page.getByText('Name is required').waitFor();
    // The box that agrees to the privacy notice is unticked at first, and required (issue 23).
    for (const message of [
      'Name is required',
      'Email is required',
      'Please choose a subject',
      'Message is required',
      CONSENT_REQUIRED,
    ]) {
      expect(await page.getByText(message).isVisible(), message).toBe(true);
    }
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');

    await page.getByLabel('Name').fill('Asha Rao');
    expect(await page.getByText('Name is required').count()).toBe(0);
    expect(await page.getByText('Email is required').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('not an address');
    await page.getByLabel('Subject').selectOption('admission');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('When do admissions for Class 1 open?');
    await send.click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(calls).toEqual([]);

    await page.getByLabel('Email').fill('asha@example.org');
    await send.click();
    // Still not sent: the box is not ticked.
    await page.waitForTimeout(200);
    expect(calls).toEqual([]);
    expect(await page.getByText(CONSENT_REQUIRED).isVisible()).toBe(true);
    await page.getByLabel(CONSENT_LABEL).check();
    await send.click();
    await page.getByRole('heading', { name: 'Thank you, Asha Rao!' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.getByText('We have received your message and will reply within 24 hours.').isVisible()).toBe(
      true,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^POST \/api\/contact \{/);
    expect(JSON.parse(calls[0]!.replace('POST /api/contact ', ''))).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.org',
      phone: '',
      subject: 'admission',
      message: 'When do admissions for Class 1 open?',
      consent: true,
      website: '',
    });

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('Asha Rao');
    expect(await page.getByLabel('Email').inputValue()).toBe('asha@example.org');
    expect(await page.getByLabel('Subject').inputValue()).toBe('admission');
    expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe(
      'When do admissions for Class 1 open?',
    );
    expect(cspViolations).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('static pages', () => {
  it('about: About Us, Vision, Mission and Values', async () => {
    const { page, close } = await open(`/about/${school.slug}`, VIEWPORTS.phone);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About Us');
    for (const heading of ['Our Vision', 'Our Mission', 'Our Values']) {
      expect(await page.getByRole('heading', { name: heading }).isVisible(), heading).toBe(true);
    }
    expect(await page.getByText(school.mission).isVisible()).toBe(true);
    for (const value of school.values) expect(await page.getByText(value.text).isVisible()).toBe(true);
    await close();
  });

  it('why: eight reasons', async () => {
    const { page, close } = await open(`/about/why-${school.slug}`, VIEWPORTS.desktop);
    expect(await page.locator('.reason h2').allTextContents()).toEqual(school.reasons.map((reason) => reason.title));
    expect(school.reasons).toHaveLength(8);
    await close();
  });

  it('academic corner: programs with the higher secondary streams, curriculum and the 2024-25 calendar', async () => {
    const { page, close } = await open('/academic-corner', VIEWPORTS.phone);
    const text = await page.locator('main').innerText();
    for (const part of [
      'Primary',
      'Classes 1-5',
      'Middle',
      'Classes 6-8',
      'Secondary',
      'Classes 9-10',
      'Higher Secondary',
      'Classes 11-12',
      'Streams:',
      'Science',
      'Commerce',
      'Arts',
      'Curriculum',
      'Academic calendar 2024-25',
    ]) {
      expect(text).toContain(part);
    }
    expect(await page.locator('.calendar-row').allInnerTexts()).toEqual([
      'June-September 2024\nFirst term',
      'October 2024\nFirst-term exams',
      'November 2024-February 2025\nSecond term',
      'March 2025\nAnnual exams',
    ]);
    await close();
  });

  it('notifications and circular: the three circulars with their titles and dates', async () => {
    const { page, close } = await open('/notifications-circular', VIEWPORTS.desktop);
    expect(await page.locator('.circular h2').allTextContents()).toEqual(school.circulars.map((c) => c.title));
    expect(await page.locator('.circular-issued').allTextContents()).toEqual([
      'Issued on 27 May 2024',
      'Issued on 16 September 2024',
      'Issued on 10 February 2025',
    ]);
    expect(await page.locator('.circular time').first().innerText()).toBe('27\nMay 2024');
    await close();
  });
});

describe('leadership without any message', () => {
  it("says 'No Content Available, Please check back later.'", async () => {
    await setMessages({ correspondent: '', headmistress: '', president: '', secretary: '', honoraryPresident: '' });
    await site.waitUntilLive();
    const { page, close } = await open('/about/leadership', VIEWPORTS.phone);
    expect(await page.getByText('No Content Available, Please check back later.').isVisible()).toBe(true);
    expect(await page.locator('.leader').count()).toBe(0);
    await close();
  });
});
