/**
 * The dashboard's galleries and alumni in Chromium against a real server, checked through the API
 * and (for the galleries) on the public pages after the rebuild; and the dashboard at tablet and
 * phone widths.
 */
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { alertIn, answerNextConfirm, openDashboard, openSection, pngFile, type WatchedPage } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
let watched: WatchedPage;

afterAll(() => watched?.close());

const content = async () => (await site.call('GET', '/api/content')).body;
const alumni = async () => (await site.asAdmin('GET', '/api/admin/alumni')).body;
const publicHtml = async (path: string) => (await fetch(site.url + path)).text();

const person = (fullName: string, email: string) => ({
  fullName,
  gender: 'female',
  mobile: '+91 98450 12345',
  email,
  address: '4 Lake View Road, Sunridge Valley',
  periodOfStudy: '2008-2018',
  qualification: 'B.Sc. Physics',
  occupation: 'Engineer',
  companyName: 'Riverbank Labs',
});

const galleries = [
  {
    id: 'homegallery',
    publicPath: '/',
    captionMissing: 'Please provide a caption for the home gallery image',
  },
  {
    id: 'gallery',
    publicPath: '/gallery',
    captionMissing: 'Please provide a caption for the image',
  },
] as const;

describe.each(galleries)('$id', ({ id, publicPath, captionMissing }) => {
  beforeAll(async () => {
    watched ??= await openDashboard(browser(), site.url, site.token);
    await openSection(watched.page, 'galleries');
  });

  it('refuses a photo without a caption with the spec alert', async () => {
    const section = watched.page.locator(`#${id}`);
    await section.getByLabel('Photo').setInputFiles(await pngFile('no-caption.png'));
    await section.getByLabel('Caption').fill('   ');
    await section.getByRole('button', { name: 'Add photo' }).click();
    await alertIn(section, captionMissing).waitFor();
    expect((await content())[id]).toEqual([]);
    watched.expectNoProblems();
  });

  it('adds a photo with its caption, and deletes it after confirmation', async () => {
    const { page } = watched;
    const section = page.locator(`#${id}`);
    const caption = `Prize day on the lawn (${id})`;
    expect(await section.getByLabel('Photo').getAttribute('accept')).toBe('image/*');
    await section.getByLabel('Photo').setInputFiles(await pngFile('prize-day.png'));
    await section.getByLabel('Caption').fill(caption);
    await section.getByRole('button', { name: 'Add photo' }).click();
    const tile = section.getByRole('listitem').filter({ hasText: caption });
    await tile.waitFor();
    expect(await section.getByLabel('Caption').inputValue()).toBe('');
    const [item] = (await content())[id];
    expect(item.caption).toBe(caption);
    expect(await tile.getByRole('img', { name: caption }).getAttribute('src')).toBe(`/images/${item.imageId}-320.webp`);
    await site.waitUntilLive();
    expect(await publicHtml(publicPath)).toContain(caption);

    const dismissed = answerNextConfirm(page, false);
    await tile.getByRole('button', { name: `Delete photo ${caption}` }).click();
    expect(await dismissed).toContain(caption);
    expect((await content())[id]).toHaveLength(1);

    const accepted = answerNextConfirm(page, true);
    await tile.getByRole('button', { name: `Delete photo ${caption}` }).click();
    await accepted;
    await tile.waitFor({ state: 'detached' });
    expect((await content())[id]).toEqual([]);
    await site.waitUntilLive();
    expect(await publicHtml(publicPath)).not.toContain(caption);
    watched.expectNoProblems();
  });
});

describe('upload progress', () => {
  it('shows how far an upload has got on a slow connection', async () => {
    const { page, context } = watched;
    await openSection(page, 'galleries');
    const section = page.locator('#gallery');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // About 100 KB a second: a 600 KB photo takes several seconds to send.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    await section
      .getByLabel('Photo')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: await noisyPng() });
    await section.getByLabel('Caption').fill('A big photo');
    await section.getByRole('button', { name: 'Add photo' }).click();
    await section.getByRole('button', { name: 'Adding…' }).waitFor();
    expect(await section.getByRole('button', { name: 'Adding…' }).isDisabled()).toBe(true);
    await section.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await section.getByText(/^Uploading… \d+%$/).waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const tile = section.getByRole('listitem').filter({ hasText: 'A big photo' });
    await tile.waitFor();
    expect(await section.getByRole('progressbar').count()).toBe(0);
    await cdp.detach();
    const [item] = (await content()).gallery;
    await site.asAdmin('DELETE', `/api/gallery/${item._id}`);
    watched.expectNoProblems();
  });
});

/** A PNG of noise: it does not compress, so it stays about 600 KB. */
function noisyPng(): Promise<Buffer> {
  const width = 500;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('alumni', () => {
  beforeAll(async () => {
    for (const [name, email] of [
      ['Asha Rao', 'asha@example.com'],
      ['Meera Nair', 'meera@example.com'],
    ] as const) {
      expect((await site.call('POST', '/api/alumni', { json: person(name, email) })).status).toBe(201);
    }
    await watched?.close();
    watched = await openDashboard(browser(), site.url, site.token);
    await openSection(watched.page, 'alumni');
  });

  const card = (name: string): Locator => watched.page.locator('#alumni').getByRole('listitem', { name, exact: true });
  const approvalOf = async (name: string) =>
    (await alumni()).find((record: { fullName: string }) => record.fullName === name).isApproved;

  it('lists registrations as PENDING and approves and unapproves them', async () => {
    const asha = card('Asha Rao');
    await asha.waitFor();
    expect(await asha.textContent()).toContain('PENDING');
    expect(await asha.textContent()).toContain('Riverbank Labs');
    expect(await card('Meera Nair').textContent()).toContain('PENDING');

    await asha.getByRole('button', { name: 'Approve' }).click();
    await asha.getByText('APPROVED', { exact: true }).waitFor();
    expect(await approvalOf('Asha Rao')).toBe(true);
    expect(await approvalOf('Meera Nair')).toBe(false);

    await asha.getByRole('button', { name: 'Unapprove' }).click();
    await asha.getByText('PENDING', { exact: true }).waitFor();
    expect(await approvalOf('Asha Rao')).toBe(false);
    watched.expectNoProblems();
  });

  it('deletes a registration only after confirmation', async () => {
    const { page } = watched;
    const meera = card('Meera Nair');
    const dismissed = answerNextConfirm(page, false);
    await meera.getByRole('button', { name: 'Delete' }).click();
    expect(await dismissed).toContain('Meera Nair');
    expect(await alumni()).toHaveLength(2);

    const accepted = answerNextConfirm(page, true);
    await meera.getByRole('button', { name: 'Delete' }).click();
    await accepted;
    await meera.waitFor({ state: 'detached' });
    expect((await alumni()).map((record: { fullName: string }) => record.fullName)).toEqual(['Asha Rao']);
    watched.expectNoProblems();
  });

  it("shows 'Failed to update alumni approval' when the registration is gone", async () => {
    const asha = card('Asha Rao');
    // The dashboard reads the list and its counts again after a delete: once those reads have come,
    // the registration goes behind its back, as another person's delete would.
    await watched.settled();
    const [record] = await alumni();
    expect((await site.asAdmin('DELETE', `/api/alumni/${record._id}`)).status).toBe(200);
    await asha.getByRole('button', { name: 'Approve' }).click();
    await alertIn(asha, 'Failed to update alumni approval').waitFor();
    watched.expectNoProblems();
  });
});

describe('screens', () => {
  beforeAll(async () => {
    const registration = { ...person('Kiran Desai', 'kiran@example.com'), message: 'Happy to mentor students.' };
    expect((await site.call('POST', '/api/alumni', { json: registration })).status).toBe(201);
    const event = {
      title: 'Open day',
      description: 'Visit the classrooms and labs.',
      date: '2031-03-01',
      time: '10:00',
    };
    expect((await site.asAdmin('POST', '/api/events', { json: event })).status).toBe(201);
  });

  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['tablet', { width: 768, height: 1024 }],
    ['phone', { width: 375, height: 740 }],
  ])('fits a %s without sideways scrolling, with no serious accessibility problem', async (_, viewport) => {
    const small = await openDashboard(browser(), site.url, site.token, viewport);
    const { page } = small;
    await openSection(page, 'alumni');
    await page.locator('#alumni').getByRole('listitem', { name: 'Kiran Desai' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const addEvent = page.locator('#events').getByRole('button', { name: 'Add event' });
    await openSection(page, 'events');
    await addEvent.scrollIntoViewIfNeeded();
    expect(await addEvent.isVisible()).toBe(true);
    small.expectNoProblems();
    await small.close();
  });
});
