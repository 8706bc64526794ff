/**
 * Urgent notices in the browser: the banner right after the skip link as a
 * labelled region, each level told apart by an icon and a word, an ended notice hidden with no
 * rebuild and no layout shift, an info notice dismissed and shown again once changed, emergency
 * notices never dismissible, no CSP violation, no serious axe finding; and the dashboard's section.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../../site/contract/dates.ts';
import { zonedInstant } from '../../site/lib/zoned-time.ts';
import { seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { openDashboard, openSection, storeToken } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

interface Alert {
  _id: string;
  message: string;
}

const HOUR = 3_600_000;
const endsAt = new Date(Date.now() + HOUR).toISOString();
const NOTICES = {
  emergency: { message: 'The school is closed today because of flooding.', level: 'emergency', endsAt },
  important: { message: 'Sports day moves to Friday: https://example.org/sports', level: 'important', endsAt },
  info: { message: 'The library is open until 6 pm this week.', level: 'info', endsAt },
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [level, json] of Object.entries(NOTICES)) {
    const answer = await site.asAdmin<Alert[]>('POST', '/api/alerts', { json });
    expect(answer.status).toBe(201);
    ids[level] = answer.body.find((alert) => alert.message === json.message)!._id;
  }
  await site.waitUntilLive();
});

/** A fresh page watched for CSP violations and errors, with the layout shifts it makes summed up. */
async function openPublic(path: string, prepare?: (page: Page) => Promise<void>) {
  const watched = await watchedPage(browser(), { viewport: { width: 1280, height: 900 } });
  await watched.page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  if (prepare) await prepare(watched.page);
  await watched.page.goto(site.url + path);
  return watched;
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);
/** Each notice's link to /subscribe. */
const BY_EMAIL = 'Get notices like this by e-mail';
const region = (page: Page) => page.getByRole('region', { name: 'Urgent notices' });

describe('the banner', () => {
  it('comes right after the skip link, above the header, each level with an icon and its word', async () => {
    const watched = await openPublic('/');
    const { page } = watched;
    await expect.poll(() => region(page).isVisible()).toBe(true);
    const order = await page.evaluate(() => {
      const skip = document.querySelector('.skip-link')!;
      const banner = document.querySelector('#site-alerts')!;
      const header = document.querySelector('header.site-header')!;
      return {
        first: document.body.firstElementChild === skip,
        next: skip.nextElementSibling === banner,
        beforeHeader: Boolean(banner.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING),
      };
    });
    expect(order).toEqual({ first: true, next: true, beforeHeader: true });
    // Keyboard: the skip link first, then each notice's links: the emergency's to the subscriptions
    // (issue 35), the important notice's own, then its link to the subscriptions.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    for (const href of ['/subscribe', 'https://example.org/sports', '/subscribe']) {
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);
    }

    const texts = await region(page).locator('[data-alert]').allInnerTexts();
    expect(texts.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      `Emergency: ${NOTICES.emergency.message} ${BY_EMAIL}`,
      `Important: ${NOTICES.important.message} ${BY_EMAIL}`,
      `Information: ${NOTICES.info.message} ${BY_EMAIL} Dismiss this notice`,
    ]);
    expect(await region(page).locator('[data-alert] svg.site-alert-icon').count()).toBe(3);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await layoutShift(page)).toBeLessThan(0.1);
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    await page.screenshot({ path: '/tmp/alerts-browser-banner.png' });
    await watched.close();
  });

  it('is hidden before it is drawn once its end has passed, with no rebuild and no layout shift', async () => {
    // The page as served still carries the notices; only the browser's clock has moved on.
    const watched = await openPublic('/contact', (page) => page.clock.install({ time: Date.now() + 2 * HOUR }));
    const { page } = watched;
    expect(await (await fetch(`${site.url}/contact`)).text()).toContain(NOTICES.emergency.message);
    expect(await page.locator('#site-alerts').count()).toBe(1);
    expect(await region(page).isVisible()).toBe(false);
    expect(await page.getByText(NOTICES.emergency.message).isVisible()).toBe(false);
    expect(await layoutShift(page)).toBeLessThan(0.1);
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  it('hides a notice whose end comes while the page is open', async () => {
    const watched = await openPublic('/gallery', (page) => page.clock.install({ time: Date.now() }));
    const { page } = watched;
    await expect.poll(() => page.getByText(NOTICES.emergency.message).isVisible()).toBe(true);
    await page.clock.runFor(HOUR + 60_000);
    await expect.poll(() => region(page).isVisible()).toBe(false);
    await watched.close();
  });

  it('lets a visitor dismiss an info notice, remembers it, and shows it again once it changed', async () => {
    const watched = await openPublic('/');
    const { page } = watched;
    const info = page.getByText(NOTICES.info.message);
    await expect.poll(() => info.isVisible()).toBe(true);
    // Emergency and important notices have no dismiss button.
    expect(await region(page).getByRole('button').count()).toBe(1);
    await region(page).getByRole('button', { name: 'Dismiss this notice' }).click();
    await expect.poll(() => info.isVisible()).toBe(false);
    expect(await page.getByText(NOTICES.emergency.message).isVisible()).toBe(true);

    await page.reload();
    expect(await info.isVisible()).toBe(false);
    expect(await page.getByText(NOTICES.emergency.message).isVisible()).toBe(true);

    const changed = 'The library is open until 7 pm this week.';
    const answer = await site.asAdmin('PUT', `/api/alerts/${ids.info}`, {
      json: { ...NOTICES.info, message: changed },
    });
    expect(answer.status).toBe(200);
    await site.waitUntilLive();
    await page.reload();
    await expect.poll(() => page.getByText(changed).isVisible()).toBe(true);
    expect(watched.cspViolations).toEqual([]);
    await watched.close();
  });
});

describe('the dashboard', () => {
  it('adds a notice with the characters left, and lists it as showing now', async () => {
    const watched = await openDashboard(browser(), site.url, site.token);
    const { page } = watched;
    await openSection(page, 'alerts');
    const form = page.getByRole('form', { name: 'New notice' });
    const message = 'Parents’ evening moves to the main hall.';
    await form.getByLabel('Message').fill(message);
    await expect.poll(() => form.getByText(`${280 - message.length} characters left`).isVisible()).toBe(true);
    await form.getByRole('radio', { name: 'Emergency' }).check();
    await form.getByRole('button', { name: 'End of tomorrow' }).click();
    await form.getByRole('radio', { name: 'The home page only' }).check();
    await form.getByRole('button', { name: 'Publish notice' }).click();
    const showing = page.getByRole('region', { name: 'Showing now' });
    await expect.poll(() => showing.locator('.item-text', { hasText: message }).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/alerts-dashboard.png', fullPage: true });

    const stored = (await site.asAdmin('GET', '/api/admin/content')).body.alerts as Record<string, string>[];
    expect(stored.find((alert) => alert.message === message)).toMatchObject({ level: 'emergency', showOn: 'home' });
    await site.waitUntilLive();
    expect(await (await fetch(`${site.url}/`)).text()).toContain(message);

    // Two links are refused in words, before anything is sent.
    await form.getByLabel('Message').fill('See https://a.example.org and https://b.example.org');
    await form.getByRole('button', { name: 'Publish notice' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toContain('A notice may contain at most one link; this one has 2');
    watched.expectNoProblems();
    await watched.close();
  });

  it("takes its times on the school's clock, not the device's", async () => {
    // A head teacher travelling: the device is eleven and a half hours behind the school.
    const context = await browser().newContext({
      timezoneId: 'America/Los_Angeles',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await storeToken(page, site.url, site.token);
    await page.goto(`${site.url}/admin/dashboard#alerts`);
    const form = page.getByRole('form', { name: 'New notice' });
    const message = 'The school bus leaves at 7:30 tomorrow.';
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'End of today' }).click();
    const schoolZone = (await site.call('GET', '/api/content')).body.settings.timeZone as string;
    const today = dateInZone(new Date(), schoolZone);
    expect(await form.getByLabel(/^Ends on \(school clock\)/).inputValue()).toBe(`${today}T23:59`);
    await form.getByRole('button', { name: 'Publish notice' }).click();
    await page.getByRole('region', { name: 'Showing now' }).locator('.item-text', { hasText: message }).waitFor();
    const stored = (await site.asAdmin('GET', '/api/admin/content')).body.alerts as {
      message: string;
      endsAt: string;
    }[];
    const endsAt = stored.find((alert) => alert.message === message)!.endsAt;
    expect(new Date(endsAt).toISOString()).toBe(zonedInstant(today, '23:59', schoolZone).toISOString());
    await context.close();
  });
});
