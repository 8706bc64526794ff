/**
 * The dashboard's content sections in Chromium against a real server: logos, leadership messages
 * and images, events and news. Every change is checked through the API and, once the site has
 * been rebuilt, on the public page.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { testBrowser, testServer } from '../support/harness.ts';
import { alertIn, answerNextConfirm, openSection, pngFile, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const watched = testDashboard(site, browser);
const { expectLive } = watched;

const content = async () => (await site.call('GET', '/api/content')).body;

/** Records every text the publishing indicator shows from now on, however briefly; answers a reader of them. */
async function recordPublishing(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const indicator = document.querySelector('.publishing[role="status"]')!;
    const texts: string[] = [];
    (window as unknown as { publishingTexts: string[] }).publishingTexts = texts;
    new MutationObserver(() => texts.push(indicator.textContent ?? '')).observe(indicator, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { publishingTexts: string[] }).publishingTexts);
}
const publicHtml = async (path: string) => (await fetch(site.url + path)).text();

describe('logos', () => {
  beforeEach(() => openSection(watched.page, 'site'));

  it('uploads, lists with a thumbnail, and deletes after confirmation', async () => {
    const { page } = watched;
    const logos = page.locator('#logos');

    await logos.getByRole('button', { name: 'Upload logo' }).click();
    await alertIn(logos, 'Please choose a logo image to upload').waitFor();

    await logos.getByLabel('Logo image').setInputFiles(await pngFile('crest.png'));
    expect(await logos.getByLabel('Logo image').getAttribute('accept')).toBe('image/*');
    const indicated = await recordPublishing(page);
    await logos.getByRole('button', { name: 'Upload logo' }).click();
    const tile = logos.getByRole('listitem').filter({ hasText: 'crest.png' });
    await tile.waitFor();
    const [logo] = (await content()).logos;
    expect(logo.originalName).toBe('crest.png');
    expect(await tile.getByRole('img').getAttribute('src')).toBe(`/images/${logo.imageId}-320.webp`);
    await expect
      .poll(() => tile.getByRole('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);

    await expectLive();
    // A small site is live within a few dozen milliseconds: the indicator said so in between.
    expect(await indicated()).toContain('Publishing…');
    expect(await publicHtml('/')).toContain(logo.imageId);

    const dismissed = answerNextConfirm(page, false);
    await tile.getByRole('button', { name: 'Delete logo crest.png' }).click();
    expect(await dismissed).toContain('crest.png');
    expect((await content()).logos).toHaveLength(1);

    const accepted = answerNextConfirm(page, true);
    await tile.getByRole('button', { name: 'Delete logo crest.png' }).click();
    await accepted;
    await tile.waitFor({ state: 'detached' });
    expect((await content()).logos).toEqual([]);
    await logos.getByText('No logos yet.').waitFor();
    await expectLive();
    expect(await publicHtml('/')).not.toContain(logo.imageId);
    watched.expectNoProblems();
  });

  it("shows 'Failed to upload logo' with the server's reason for a file that is not an image", async () => {
    const logos = watched.page.locator('#logos');
    await logos.getByLabel('Logo image').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are not the bytes of an image'),
    });
    await logos.getByRole('button', { name: 'Upload logo' }).click();
    const alert = alertIn(logos, 'Failed to upload logo');
    await alert.waitFor();
    expect((await alert.textContent())!.length).toBeGreaterThan('Failed to upload logo'.length);
    expect((await content()).logos).toEqual([]);

    await alert.getByRole('button', { name: 'Dismiss this message' }).click();
    await alert.waitFor({ state: 'detached' });
    watched.expectNoProblems();
  });
});

describe('leadership', () => {
  beforeEach(() => openSection(watched.page, 'leadership'));

  it('saves a message typed fast: one request at a time, and the stored text is the final text', async () => {
    const { page } = watched;
    const field = page.getByRole('textbox', { name: 'President message', exact: true });
    let inFlight = 0;
    let maxInFlight = 0;
    let puts = 0;
    const isContentPut = (request: { method(): string; url(): string }) =>
      request.method() === 'PATCH' && request.url().endsWith('/api/content');
    page.on('request', (request) => {
      if (!isContentPut(request)) return;
      puts += 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
    });
    const settled = (request: { method(): string; url(): string }) => {
      if (isContentPut(request)) inFlight -= 1;
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);

    const finalText = 'Dear families, our new library opens on Monday. Every class will visit it this week.';
    await field.fill('');
    await field.pressSequentially(finalText);
    await page
      .locator('#leader-president-state')
      .filter({ hasText: /^Saved$/ })
      .waitFor();

    expect((await content()).presidentMessage).toBe(finalText);
    expect(maxInFlight).toBe(1);
    expect(puts).toBeGreaterThan(0);
    expect(puts).toBeLessThanOrEqual(finalText.length + 1);
    await expectLive();
    expect(await publicHtml('/about/leadership')).toContain('our new library opens on Monday');
    watched.expectNoProblems();
  });

  it('keeps changes made elsewhere meanwhile (If-Match, fetched again on 412)', async () => {
    const { page } = watched;
    // Another tab adds an event after this dashboard loaded the content.
    const added = await site.asAdmin('POST', '/api/events', {
      json: { title: 'Added in another tab', description: 'Elsewhere', date: '2030-01-10' },
    });
    expect(added.status).toBe(201);
    const elsewhere = { ...(await content()), headmistressMessage: 'Written in the other tab.' };
    expect((await site.asAdmin('PUT', '/api/content', { json: elsewhere })).status).toBe(200);

    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.url().endsWith('/api/content')) {
        statuses.push(response.status());
      }
    });
    const field = page.getByRole('textbox', { name: 'Secretary message' });
    await field.fill('A message written while another tab was busy.');
    await page
      .locator('#leader-secretary-state')
      .filter({ hasText: /^Saved$/ })
      .waitFor();

    const stored = await content();
    expect(stored.secretaryMessage).toBe('A message written while another tab was busy.');
    expect(stored.events.map((event: { title: string }) => event.title)).toContain('Added in another tab');
    expect(statuses).toEqual([412, 200]);
    expect(stored.headmistressMessage).toBe('Written in the other tab.');
    // The dashboard now shows what the other tab did.
    expect(await page.getByRole('textbox', { name: 'Headmistress message' }).inputValue()).toBe(
      'Written in the other tab.',
    );
    await openSection(page, 'events');
    await page.locator('#events').getByRole('listitem', { name: 'Added in another tab' }).waitFor();
    await site.asAdmin('DELETE', `/api/events/${added.body[0]._id}`);
    watched.expectNoProblems();
  });

  it("shows 'Failed to update content' when a save cannot reach the server, and saves on the next change", async () => {
    const { page } = watched;
    const field = page.getByRole('textbox', { name: 'Correspondent message' });
    const state = page.locator('#leader-correspondent-state');
    await page.route('**/api/content', (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.fallback(),
    );
    await field.fill('Welcome back after the holidays');
    const card = page.locator('li.leader').filter({ has: field });
    const alert = alertIn(card, 'Failed to update content');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Cannot connect to server. Please make sure the backend is running on port 5000.',
    );
    expect(await state.textContent()).toBe('Not saved');

    await page.unroute('**/api/content');
    await field.press('End');
    await field.pressSequentially('!');
    await state.filter({ hasText: /^Saved$/ }).waitFor();
    expect((await content()).correspondentMessage).toBe('Welcome back after the holidays!');
    watched.expectNoProblems();
  });

  it('uploads, replaces and deletes a leader image', async () => {
    const { page } = watched;
    const card = page.locator('li.leader').filter({ has: page.getByRole('heading', { name: /^Headmistress/ }) });
    expect(await card.getByText('No image').isVisible()).toBe(true);

    await card.getByLabel('Choose an image').setInputFiles(await pngFile('headmistress.png'));
    await card.getByRole('button', { name: 'Upload image' }).click();
    await card.getByRole('img').waitFor();
    const first = (await content()).headmistressImage;
    expect(first.originalName).toBe('headmistress.png');

    await card.getByLabel('Choose a new image').setInputFiles(await pngFile('portrait.png', { r: 200, g: 80, b: 40 }));
    await card.getByRole('button', { name: 'Replace image' }).click();
    await card.getByRole('button', { name: 'Replace image' }).waitFor();
    await expect.poll(async () => (await content()).headmistressImage?.originalName).toBe('portrait.png');
    const second = (await content()).headmistressImage;
    expect(second.imageId).not.toBe(first.imageId);
    await expect.poll(() => card.getByRole('img').getAttribute('src')).toContain(second.imageId);
    await expectLive();
    expect(await publicHtml('/about/leadership')).toContain(second.imageId);

    const dismissed = answerNextConfirm(page, false);
    await card.getByRole('button', { name: 'Delete image' }).click();
    await dismissed;
    expect((await content()).headmistressImage).not.toBeNull();

    const accepted = answerNextConfirm(page, true);
    await card.getByRole('button', { name: 'Delete image' }).click();
    await accepted;
    await card.getByText('No image').waitFor();
    expect((await content()).headmistressImage).toBeNull();
    watched.expectNoProblems();
  });
});

/** The add form of a section, and the item of the list titled `title`. */
function sectionParts(id: 'events' | 'news', addName: string) {
  const section = watched.page.locator(`#${id}`);
  return {
    section,
    form: section.getByRole('form', { name: addName }),
    item: (title: string) => section.getByRole('listitem', { name: title, exact: true }),
  };
}

/** Fills each field whose label starts with `label` ("Description", not "Decorative (no description needed)"). */
async function fillIn(scope: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(new RegExp(`^${label}`)).fill(value);
}

describe('events', () => {
  beforeEach(() => openSection(watched.page, 'events'));

  it('adds an event once however often the button is pressed', async () => {
    const { form, item } = sectionParts('events', 'Add event');
    await fillIn(form, { Title: 'Book fair', Description: 'Books for every age.', Date: '2031-04-01' });
    const posts: string[] = [];
    watched.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/events')) posts.push(request.url());
    });
    await form.getByRole('button', { name: 'Add event' }).dblclick();
    await item('Book fair').waitFor();
    expect(posts).toHaveLength(1);
    const events = (await content()).events;
    expect(events.map((event: { title: string }) => event.title)).toEqual(['Book fair']);
    await site.asAdmin('DELETE', `/api/events/${events[0]._id}`);
    watched.expectNoProblems();
  });

  it('edits an event with the keyboard alone, and gives the focus back', async () => {
    const { page } = watched;
    const { item } = sectionParts('events', 'Add event');
    const added = await site.asAdmin('POST', '/api/events', {
      json: { title: 'Music evening', description: 'Songs by the choir.', date: '2031-05-05' },
    });
    const id = added.body[0]._id;
    await page.reload();
    const row = item('Music evening');
    await row.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    // The title field has the focus: select its text and type over it, then Enter saves.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Music evening with the orchestra');
    await page.keyboard.press('Enter');
    const saved = item('Music evening with the orchestra');
    await saved.getByRole('button', { name: 'Edit' }).waitFor();
    expect((await content()).events[0].title).toBe('Music evening with the orchestra');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    expect(
      await saved.getByRole('button', { name: 'Edit' }).evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await site.asAdmin('DELETE', `/api/events/${id}`);
    await page.reload();
    watched.expectNoProblems();
  });

  it('refuses an incomplete event with the spec alert and sends nothing', async () => {
    const { form } = sectionParts('events', 'Add event');
    await fillIn(form, { Title: 'Sports day', Description: '' });
    await form.getByRole('button', { name: 'Add event' }).click();
    await alertIn(form, 'Please fill all required event fields (title, description, date)').waitFor();
    expect((await content()).events).toEqual([]);
    watched.expectNoProblems();
  });

  it('adds an event with an image, edits it inline, cancels an edit, deletes its image and the event', async () => {
    const { page } = watched;
    const { form, item } = sectionParts('events', 'Add event');
    await fillIn(form, {
      Title: 'Annual sports day',
      Description: 'Races, relays and a tug of war for every class.',
      Date: '2031-02-14',
      Time: '09:30',
      Location: 'Main ground',
    });
    expect(await form.getByLabel('Image (optional)').getAttribute('accept')).toBe('image/*');
    await form.getByLabel('Image (optional)').setInputFiles(await pngFile('sports.png'));
    await form.getByRole('button', { name: 'Add event' }).click();
    const row = item('Annual sports day');
    await row.waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('');
    let [event] = (await content()).events;
    expect(event).toMatchObject({
      title: 'Annual sports day',
      date: '2031-02-14',
      time: '09:30',
      location: 'Main ground',
    });
    expect(event.image.originalName).toBe('sports.png');
    expect(await row.textContent()).toContain('14 February 2031');

    // Edit, then Cancel: nothing changes.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = row.getByRole('form', { name: 'Edit Annual sports day' });
    await fillIn(edit, { Title: 'A title that is never saved' });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect((await content()).events[0].title).toBe('Annual sports day');
    expect(await row.getByRole('heading', { name: 'Annual sports day' }).isVisible()).toBe(true);

    // Edit with a required field emptied: the spec alert, nothing sent.
    await row.getByRole('button', { name: 'Edit' }).click();
    await fillIn(edit, { Description: ' ' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await alertIn(row, 'Please fill all required event fields (title, description, date)').waitFor();
    expect((await content()).events[0].description).toBe('Races, relays and a tug of war for every class.');

    // Edit and Save.
    await fillIn(edit, { Title: 'Sports day 2031', Description: 'Races and relays.', Location: 'Stadium' });
    await edit.getByRole('button', { name: 'Save' }).click();
    const saved = item('Sports day 2031');
    await saved.getByRole('button', { name: 'Edit' }).waitFor();
    [event] = (await content()).events;
    expect(event).toMatchObject({ title: 'Sports day 2031', description: 'Races and relays.', location: 'Stadium' });
    expect(event.image.originalName).toBe('sports.png');
    await expectLive();
    expect(await publicHtml('/eventsnews')).toContain('Sports day 2031');

    // Delete the image, after confirming.
    const imageConfirm = answerNextConfirm(page, true);
    await saved.getByRole('button', { name: 'Delete image' }).click();
    expect(await imageConfirm).toContain('Sports day 2031');
    await expect.poll(() => saved.locator('img').count()).toBe(0);
    expect(await saved.getByRole('button', { name: /image/ }).count()).toBe(0);
    expect((await content()).events[0].image).toBeNull();

    // Delete: dismissing the confirmation deletes nothing.
    const dismissed = answerNextConfirm(page, false);
    await saved.getByRole('button', { name: 'Delete', exact: true }).click();
    await dismissed;
    expect((await content()).events).toHaveLength(1);
    const accepted = answerNextConfirm(page, true);
    await saved.getByRole('button', { name: 'Delete', exact: true }).click();
    await accepted;
    await saved.waitFor({ state: 'detached' });
    expect((await content()).events).toEqual([]);
    await expectLive();
    expect(await publicHtml('/eventsnews')).not.toContain('Sports day 2031');
    watched.expectNoProblems();
  });
});

describe('news', () => {
  beforeEach(() => openSection(watched.page, 'news'));

  it('refuses news without title or description with the spec alert', async () => {
    const { form } = sectionParts('news', 'Add news');
    await fillIn(form, { Title: '', Description: 'Something happened' });
    await form.getByRole('button', { name: 'Add news' }).click();
    await alertIn(form, 'Please fill all required news fields (title, description)').waitFor();
    expect((await content()).news).toEqual([]);
    watched.expectNoProblems();
  });

  it('adds news with dates and priority, edits, cancels and deletes it', async () => {
    const { page } = watched;
    const { form, item } = sectionParts('news', 'Add news');
    expect(await form.getByLabel('Publish date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await fillIn(form, {
      Title: 'School reopens',
      Description: 'Classes resume after the winter break.',
      'Publish date': '2025-01-02',
      'Expiry date': '2099-01-31',
    });
    await form.getByLabel('Priority').selectOption('high');
    await form.getByRole('button', { name: 'Add news' }).click();
    const row = item('School reopens');
    await row.waitFor();
    let [news] = (await content()).news;
    expect(news).toMatchObject({ publishDate: '2025-01-02', expiryDate: '2099-01-31', priority: 'high', image: null });
    expect(await row.textContent()).toContain('High priority');
    await expectLive();
    expect(await publicHtml('/eventsnews')).toContain('School reopens');

    // Cancel leaves it as it was.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = row.getByRole('form', { name: 'Edit School reopens' });
    await edit.getByLabel('Priority').selectOption('low');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect((await content()).news[0].priority).toBe('high');

    // An expiry date before the publish date is explained before anything is sent.
    await row.getByRole('button', { name: 'Edit' }).click();
    await fillIn(edit, { 'Expiry date': '2024-12-01' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await alertIn(row, 'The expiry date cannot be before the publish date').waitFor();

    await fillIn(edit, { Title: 'School reopens on Monday', 'Expiry date': '' });
    await edit.getByLabel('Priority').selectOption('low');
    await edit.getByRole('button', { name: 'Save' }).click();
    const saved = item('School reopens on Monday');
    await saved.getByRole('button', { name: 'Edit' }).waitFor();
    [news] = (await content()).news;
    expect(news).toMatchObject({ title: 'School reopens on Monday', priority: 'low', expiryDate: null });

    const dismissed = answerNextConfirm(page, false);
    await saved.getByRole('button', { name: 'Delete', exact: true }).click();
    await dismissed;
    expect((await content()).news).toHaveLength(1);
    const accepted = answerNextConfirm(page, true);
    await saved.getByRole('button', { name: 'Delete', exact: true }).click();
    await accepted;
    await saved.waitFor({ state: 'detached' });
    expect((await content()).news).toEqual([]);
    await expectLive();
    expect(await publicHtml('/eventsnews')).not.toContain('School reopens');
    watched.expectNoProblems();
  });
});
