/**
 * The pages of a language in Chromium (issue 34): every public route in Arabic, the language that
 * mirrors the layout, at phone and desktop widths, keeps the layout's promises (no sideways scroll,
 * no CSP violation, no serious accessibility problem) and reads right to left; the switcher takes
 * the visitor to the same page in another language, from the keyboard. (The Hindi pages' `lang`,
 * links and alternates: tests/build/language-pages.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../site/i18n/messages/ar.json' with { type: 'json' };
import hi from '../../site/i18n/messages/hi.json' with { type: 'json' };
import { overflowsSideways, scrollThrough, seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { PUBLIC_ROUTES, VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const LANGUAGES = ['hi', 'ar'] as const;
const inLanguage = (language: string, route: string) => `/${language}${route === '/' ? '/' : route}`;

beforeAll(async () => {
  const settings = {
    languages: ['en', ...LANGUAGES],
    translations: { ar: { tagline: 'مدرسة يعرف فيها كل طفل.' }, hi: { tagline: 'हर बच्चे को जाना जाता है।' } },
  };
  expect((await site.asAdmin('PUT', '/api/settings', { json: settings })).status).toBe(200);
  const sportsDay = {
    title: 'Sports day',
    description: 'Races on the field',
    translations: { hi: { title: 'खेल दिवस' } },
  };
  expect((await site.asAdmin('POST', '/api/news', { json: sportsDay })).status).toBe(201);
  await site.waitUntilLive();
});

describe.each(Object.entries(VIEWPORTS))('the Arabic pages at %s width', (_, viewport) => {
  it('have no sideways scroll, no CSP violation and no serious accessibility problem', async () => {
    for (const route of PUBLIC_ROUTES) {
      const path = inLanguage('ar', route);
      const watched = await watchedPage(browser(), { viewport });
      await watched.page.goto(site.url + path);
      await scrollThrough(watched.page);
      await watched.settled();
      expect({ path, dir: await watched.page.locator('html').getAttribute('dir') }).toEqual({ path, dir: 'rtl' });
      expect(await seriousA11yViolations(watched.page), path).toEqual([]);
      expect(await overflowsSideways(watched.page), path).toBe(false);
      expect(watched.cspViolations, path).toEqual([]);
      await watched.close();
    }
  });
});

describe('a page of another language', () => {
  it('reads right to left: the school’s name on the right of the header, the search on the left', async () => {
    const watched = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    const { page } = watched;
    await page.goto(`${site.url}/ar/`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const brand = await page.locator('.brand').boundingBox();
    const search = await page.locator('.header-search').boundingBox();
    expect(brand!.x).toBeGreaterThan(search!.x);
    expect(await page.getByText('مدرسة يعرف فيها كل طفل.').isVisible()).toBe(true);
    await watched.close();
  });

  it('offers the same page in each language, and the switcher works from the keyboard', async () => {
    const watched = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    const { page } = watched;
    await page.goto(`${site.url}/ar/gallery`);
    const switcher = page.getByRole('navigation', { name: 'اللغة' });
    expect(await switcher.getByRole('link', { name: 'العربية' }).getAttribute('aria-current')).toBe('true');
    await switcher.getByRole('link', { name: 'हिन्दी' }).focus();
    await Promise.all([page.waitForURL(`${site.url}/hi/gallery`), page.keyboard.press('Enter')]);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(
      await page.getByRole('navigation', { name: 'भाषा' }).getByRole('link', { name: 'English' }).getAttribute('href'),
    ).toBe('/gallery');
    await watched.close();
  });

  it('keeps the Hindi news in Hindi once Events & News has asked the API for the newest', async () => {
    const watched = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    const { page } = watched;
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/news');
    await page.goto(`${site.url}/hi/eventsnews`);
    const answer = await asked;
    expect(new URL(answer.url()).searchParams.get('lang')).toBe('hi');
    await answer.finished();
    await watched.settled();
    const news = page.getByRole('list', { name: hi['eventsNews.news'] });
    expect(await news.getByRole('button', { name: 'खेल दिवस' }).isVisible()).toBe(true);
    expect(await news.getByText('Sports day').count()).toBe(0);
    // Untranslated, the description is marked as English, as the built page marked it.
    expect(await news.locator('.item-preview').getAttribute('lang')).toBe('en');
    // The tabs and the popup in Hindi.
    await page.getByRole('tab', { name: hi['eventsNews.events'] }).click();
    expect(await page.getByRole('tab', { name: hi['eventsNews.events'] }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: hi['eventsNews.news'] }).click();
    await news.getByRole('button', { name: 'खेल दिवस' }).click();
    const details = page.getByRole('dialog', { name: 'खेल दिवस' });
    expect(await details.getByText(hi['item.published']).isVisible()).toBe(true);
    expect(await details.getByRole('button', { name: hi['item.close'] }).isVisible()).toBe(true);
    await watched.close();
  });

  it('has its forms in its language: labels, the button and what is wrong after an empty send', async () => {
    const watched = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    const { page } = watched;
    await page.goto(`${site.url}/ar/contact`);
    await watched.settled();
    const send = page.getByRole('button', { name: ar['contactForm.send'] });
    await send.click();
    const name = page.getByLabel(ar['form.name']);
    // The form's rules load as it is first sent: the errors follow a moment after the click.
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const required = ar['form.required'].replace('{field}', ar['form.name']);
    expect(await page.locator('#field-name-error').innerText()).toBe(required);
    expect(await page.locator('#field-consent-error').innerText()).toBe(ar['form.consentRequired']);
    expect(await page.locator('.field-error').allInnerTexts()).not.toContain('Name is required');
    await name.fill('x'.repeat(121));
    await send.click();
    expect(await page.locator('#field-name-error').innerText()).toBe(
      ar['form.tooLong'].replace('{field}', ar['form.name']).replace('{max}', '120'),
    );
    await watched.close();
  });

  it('says in its language that a form was refused, with the server’s English reason marked as English', async () => {
    const watched = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    const { page } = watched;
    const reason = 'Too many messages from this connection. Please try again in 5 minutes.';
    await page.route('**/api/contact', (route) => route.fulfill({ status: 429, json: { message: reason } }));
    await page.goto(`${site.url}/ar/contact`);
    await watched.settled();
    await page.locator('#field-name').fill('Ravi Kumar');
    await page.locator('#field-email').fill('ravi@example.com');
    await page.locator('#field-subject').selectOption('academic');
    await page.locator('#field-message').fill('When does the new term start?');
    await page.locator('#field-consent').check();
    await page.getByRole('button', { name: ar['contactForm.send'] }).click();
    const failure = page.getByRole('alert');
    expect(await failure.innerText()).toBe(`${ar['contactForm.failed']} ${reason}`);
    expect(await failure.locator('[lang="en"]').innerText()).toBe(reason);
    await watched.close();
  });
});
