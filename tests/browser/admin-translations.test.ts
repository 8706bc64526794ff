/**
 * Translating in the dashboard (issue 34, item 7): on a site of one language the forms are as
 * before; on a site in English and Hindi each text has a tab per language, a Hindi title saved
 * there reaches /hi/, each item says how far it is translated ("Missing", "Needs update",
 * "Translated"), and the Translations view counts and lists what is left, with a link to the item.
 * A Contributor translates its own draft.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { call } from '../support/api.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { openPage, openSection, storeToken, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const admin = testDashboard(site, browser);

const TITLE = 'Sports day';
const HINDI_TITLE = 'खेल दिवस';
type News = { _id: string; title: string; translations?: Record<string, Record<string, string>> };
let newsId: string;

const report = async () =>
  (await site.asAdmin('GET', '/api/admin/translations?lang=hi')).body as { kind: string; id: string }[];
const navEntry = (page: Page) =>
  page.getByRole('navigation', { name: 'Dashboard sections' }).locator('a[href="#translations"]');
/** The Translations view's entry of the news item: its fields left to translate, and its link. */
const newsGaps = (page: Page) =>
  page
    .getByRole('list', { name: 'Left to translate into Hindi' })
    .locator('> li', { has: page.locator(`a[href="#news/${newsId}"]`) });
const hindiTab = (scope: ReturnType<Page['locator']>, field: string | RegExp = 'Title') =>
  scope
    .getByRole('tablist', { name: typeof field === 'string' ? `Languages for ${field}` : field })
    .getByRole('tab', { name: /^हिन्दी/ });

beforeAll(async () => {
  const added = await site.asAdmin<News[]>('POST', '/api/news', {
    json: { title: TITLE, description: 'Races on the field' },
  });
  expect(added.status).toBe(201);
  newsId = added.body.find((news) => news.title === TITLE)!._id;
});

describe('a site of one language', () => {
  it('has no language tabs and no Translations view', async () => {
    const { page } = admin;
    await openSection(page, 'news');
    await page
      .locator('#news')
      .getByRole('form', { name: 'Add news' })
      .getByLabel(/^Title/)
      .waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await navEntry(page).count()).toBe(0);
  });
});

describe('a site in English and Hindi', () => {
  beforeAll(async () => {
    expect((await site.asAdmin('PUT', '/api/settings', { json: { languages: ['en', 'hi'] } })).status).toBe(200);
    await admin.page.reload();
    await navEntry(admin.page).waitFor();
  });

  it('counts what is left to translate in the navigation and lists the news item, with a link that opens it', async () => {
    const { page } = admin;
    const left = (await report()).length;
    expect(left).toBeGreaterThan(0);
    await expect.poll(() => navEntry(page).textContent()).toBe(`Translations${left} to translate`);
    await openSection(page, 'translations');
    const item = newsGaps(page);
    await item.waitFor();
    expect(await item.getByRole('listitem').allTextContents()).toEqual(['Title Missing', 'Description Missing']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/translations-view.png', fullPage: false });

    const open = item.getByRole('link', { name: 'Open' });
    expect(await open.getAttribute('href')).toBe(`#news/${newsId}`);
    await open.click();
    await page
      .locator('#news')
      .getByRole('form', { name: `Edit ${TITLE}` })
      .waitFor();
  });

  it('saves a Hindi title typed in the Hindi tab: the item says so and /hi/ shows it', async () => {
    const { page } = admin;
    const form = page.locator('#news').getByRole('form', { name: `Edit ${TITLE}` });
    const tab = hindiTab(form);
    expect(await tab.textContent()).toBe('हिन्दीMissing');
    await tab.click();
    const hindi = form.getByLabel('Title (Hindi)');
    expect(await hindi.getAttribute('lang')).toBe('hi');
    expect(await hindi.getAttribute('dir')).toBe('ltr');
    await hindi.fill(HINDI_TITLE);
    await form.screenshot({ path: '/tmp/translations-form.png' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    // The description is not translated yet: the item still misses some Hindi.
    const row = page.locator('#news li.item', { hasText: TITLE });
    await expect.poll(() => row.getByRole('list', { name: 'Translations' }).textContent()).toBe('हिन्दी: Missing');
    await site.waitUntilLive();
    expect(await (await fetch(`${site.url}/hi/eventsnews`)).text()).toContain(HINDI_TITLE);

    await row.getByRole('button', { name: 'Edit' }).click();
    const again = page.locator('#news').getByRole('form', { name: `Edit ${TITLE}` });
    expect(await hindiTab(again).textContent()).toBe('हिन्दीTranslated');
    expect(await hindiTab(again, 'Description').textContent()).toBe('हिन्दीMissing');
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('says "Needs update" once the English title changed, in the item and in the Translations view', async () => {
    const { page } = admin;
    const row = page.locator('#news li.item', { hasText: TITLE });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('#news').getByRole('form', { name: `Edit ${TITLE}` });
    await form.getByLabel(/^Title/).fill('Sports day for every class');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const renamed = page.locator('#news li.item', { hasText: 'Sports day for every class' });
    await expect
      .poll(() => renamed.getByRole('list', { name: 'Translations' }).textContent())
      .toBe('हिन्दी: Needs update');

    await openSection(page, 'translations');
    await newsGaps(page).getByRole('listitem').filter({ hasText: 'Title Needs update' }).waitFor();
    await expect
      .poll(async () => navEntry(page).textContent())
      .toBe(`Translations${(await report()).length} to translate`);
    admin.expectNoProblems();
  });

  it('refuses a translation saved over someone else’s change to the item, and shows both translations', async () => {
    const { page } = admin;
    await openSection(page, 'news');
    const row = page.locator('#news li.item', { hasText: 'Sports day for every class' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('#news').getByRole('form', { name: /^Edit Sports day/ });
    await hindiTab(form).click();
    // Someone else saves another Hindi title meanwhile.
    const stored = (await site.asAdmin('GET', `/api/admin/news?q=${newsId}`)).body.items[0] as News;
    const theirs = { ...stored, translations: { hi: { title: 'खेल सप्ताह' } } };
    expect((await site.asAdmin('PUT', `/api/news/${newsId}`, { json: theirs })).status).toBe(200);

    await form.getByLabel('Title (Hindi)').fill('सबके लिए खेल दिवस');
    await form.getByRole('button', { name: 'Save' }).click();
    const conflict = form.getByRole('table', { name: 'What differs from your version' });
    expect(await conflict.getByRole('row', { name: /^Title \(Hindi\)/ }).textContent()).toBe(
      'Title (Hindi)खेल सप्ताहसबके लिए खेल दिवस',
    );
    await form.getByRole('button', { name: 'Save mine over it' }).click();
    await form.waitFor({ state: 'detached' });
    const saved = (await site.asAdmin('GET', `/api/admin/news?q=${newsId}`)).body.items[0] as News;
    expect(saved.translations?.hi?.title).toBe('सबके लिए खेल दिवस');
  });

  it('shows the tabs and the view on a phone', async () => {
    const phone = await openPage(browser(), VIEWPORTS.phone);
    await storeToken(phone.page, site.url, site.token);
    await phone.page.goto(`${site.url}/admin/dashboard#news/${newsId}`);
    const form = phone.page.locator('#news').getByRole('form', { name: /^Edit / });
    await hindiTab(form).click();
    await form.getByLabel('Title (Hindi)').waitFor();
    // The arrow keys move between the tabs, as in any tab list.
    await phone.page.keyboard.press('ArrowLeft');
    const english = form.getByRole('tablist', { name: 'Languages for Title' }).getByRole('tab', { name: 'English' });
    expect(await english.getAttribute('aria-selected')).toBe('true');
    expect(await english.evaluate((tab) => tab === document.activeElement)).toBe(true);
    await phone.page.keyboard.press('ArrowRight');
    await phone.page.screenshot({ path: '/tmp/translations-phone-form.png', fullPage: false });
    await openSection(phone.page, 'translations');
    await phone.page.getByRole('list', { name: 'Left to translate into Hindi' }).waitFor();
    await phone.page.locator('#translations').screenshot({ path: '/tmp/translations-phone-view.png' });
    phone.expectNoProblems();
    await phone.close();
  });

  it('offers the Hindi tab in the other forms, each saving through its own way', async () => {
    const { page } = admin;
    const parts = async () =>
      (await site.asAdmin('GET', '/api/admin/content/parts?parts=settings,pages,alerts,translations')).body as {
        settings: { translations?: Record<string, Record<string, unknown>> };
        pages: { slug: string; translations?: Record<string, Record<string, string>> }[];
        translations?: Record<string, Record<string, string>>;
      };

    await openSection(page, 'site');
    const details = page.getByRole('form', { name: 'School details' });
    await hindiTab(details, 'Tagline (home page)').click();
    await details.getByLabel('Tagline (home page) (Hindi)').fill('हर बच्चे को जाना जाता है।');
    // A list is translated as a list of its own: no rows until one is added in that language.
    await hindiTab(details, 'Curriculum').click();
    const hindiCurriculum = details.getByRole('group', { name: 'Curriculum (Hindi)' });
    expect(await hindiCurriculum.getByRole('textbox').count()).toBe(0);
    await hindiCurriculum.getByRole('button', { name: 'Add curriculum line' }).click();
    await hindiCurriculum.getByRole('textbox', { name: 'Line 1' }).fill('कक्षा 1 से 10 तक सीबीएसई पाठ्यक्रम');
    await details.getByRole('button', { name: 'Save school details' }).click();
    await details.getByRole('status').filter({ hasText: 'The school details are saved.' }).waitFor();
    const { translations } = (await parts()).settings;
    expect(translations?.hi?.tagline).toBe('हर बच्चे को जाना जाता है।');
    expect(translations?.hi?.curriculum).toEqual(['कक्षा 1 से 10 तक सीबीएसई पाठ्यक्रम']);

    // A leader's message saves as it is typed, its translation too.
    await openSection(page, 'leadership');
    const principal = page.locator('#leadership li.leader').first();
    await hindiTab(principal, /message$/).click();
    await principal.getByRole('textbox', { name: /message \(Hindi\)$/ }).fill('सभी का स्वागत है।');
    await expect.poll(async () => Object.values((await parts()).translations?.hi ?? {})).toEqual(['सभी का स्वागत है।']);

    await openSection(page, 'pages');
    const pageForm = page.getByRole('form', { name: 'Edit a page' });
    await hindiTab(pageForm).click();
    await pageForm.getByLabel('Title (Hindi)').fill('प्रवेश');
    await pageForm.getByRole('button', { name: 'Save page' }).click();
    await pageForm.getByRole('status').filter({ hasText: 'The page is saved.' }).waitFor();
    const slug = await pageForm.getByLabel('Page to edit').inputValue();
    expect((await parts()).pages.find((each) => each.slug === slug)?.translations?.hi?.title).toBe('प्रवेश');
  });

  it('lets a Contributor translate its own draft', async () => {
    const json = { username: 'asha', password: 'asha-password-1', role: 'contributor' };
    expect((await site.asAdmin('POST', '/api/admin/create', { json })).status).toBe(201);
    const token = (await call(site.url, 'POST', '/api/admin/login', { json })).body.token as string;
    const draft = { title: 'Chess club', description: 'Every Friday', status: 'draft' };
    const added = await call<News[]>(site.url, 'POST', '/api/news', { token, json: draft });
    expect(added.status).toBe(201);

    const contributor = await openPage(browser());
    const { page } = contributor;
    await storeToken(page, site.url, token);
    await page.goto(`${site.url}/admin/dashboard#news`);
    await page.locator('[data-view="news"]').waitFor({ state: 'visible' });
    expect(await navEntry(page).count()).toBe(1);
    const row = page.locator('#news li.item', { hasText: 'Chess club' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('#news').getByRole('form', { name: 'Edit Chess club' });
    await hindiTab(form).click();
    await form.getByLabel('Title (Hindi)').fill('शतरंज क्लब');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    const stored = (await site.asAdmin('GET', '/api/admin/news?q=Chess')).body as { items: News[] };
    expect(stored.items[0]?.translations).toEqual({ hi: { title: 'शतरंज क्लब' } });
    contributor.expectNoProblems();
    await contributor.close();
  });
});
