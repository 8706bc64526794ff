/**
 * A parent subscribes as a person would (issue 35): from the footer's "Get updates" to the form,
 * the confirmation e-mail's link and its button, the page that changes what the subscription
 * receives, and the e-mail's visible unsubscribe link; then the same in Hindi, whose e-mails and
 * pages speak Hindi. The e-mails arrive at a real SMTP server in this process.
 */
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, seriousA11yViolations, type WatchedPage, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { officeMailServer } from '../support/smtp.ts';
import { openDashboard, openSection } from './admin-harness.ts';

const mail = officeMailServer();
const site = testServer({ admin: true, env: mail.env });
const browser = testBrowser();

const mine = (token: string) => site.call('GET', `/api/subscriptions/mine?token=${encodeURIComponent(token)}`);

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = mail.smtp.mails.find(
      (m) => m.to && 'text' in m.to && m.to.text === address && subject.test(m.subject ?? ''),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No e-mail ${subject} reached ${address}`);
}

/**
 * The link of the e-mail's text under `label`, on the test's server (the e-mails name the site by
 * SITE_URL, or by its port: 0 here, the system's choice).
 */
function link(message: ParsedMail, label: string): string {
  const found = message.text?.match(new RegExp(`${label}:\\n(\\S+)`))?.[1];
  if (!found) throw new Error(`No link "${label}" in:\n${message.text}`);
  const { pathname, search } = new URL(found);
  return site.url + pathname + search;
}

describe('subscribing, confirming, changing and leaving', () => {
  let visitor: WatchedPage;
  beforeAll(async () => {
    visitor = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
  });
  afterAll(() => visitor.close());

  it('subscribes from the footer’s “Get updates”, and says to look for the e-mail', async () => {
    const { page } = visitor;
    await page.goto(site.url, { waitUntil: 'networkidle' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Get updates' }).click();
    await page.waitForURL('**/subscribe');
    await hydrated(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('meena.iyer@example.org');
    await page.getByRole('checkbox', { name: 'Circulars' }).uncheck();
    await page.getByRole('radio', { name: 'Once a day, in a daily digest' }).check();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Please check your e-mail' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain('We have sent a link to meena.iyer@example.org.');
    const confirmation = await mailTo('meena.iyer@example.org', /confirm your subscription/);
    expect(confirmation.text).toContain('urgent notices, news, and events, in a daily digest');
    expect(visitor.errors).toEqual([]);
    expect(visitor.cspViolations).toEqual([]);
  });

  it('confirms with the button of the e-mail’s link, then changes what it receives', async () => {
    const { page } = visitor;
    const confirmation = await mailTo('meena.iyer@example.org', /confirm your subscription/);
    const confirmLink = link(confirmation, 'Confirm my subscription');
    const token = new URL(confirmLink).searchParams.get('token')!;
    await page.goto(confirmLink, { waitUntil: 'networkidle' });
    await hydrated(page);
    // Opening the link confirms nothing: a mail scanner opens links too.
    expect((await mine(token)).body.confirmed).toBe(false);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByRole('heading', { name: 'Your subscription is confirmed. Thank you!' }).waitFor();
    expect((await mine(token)).body.confirmed).toBe(true);

    await page.getByRole('link', { name: 'Change what you receive' }).click();
    await page.getByText('E-mails to meena.iyer@example.org').waitFor();
    expect(await page.getByRole('checkbox', { name: 'News' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Circulars' }).isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Once a day, in a daily digest' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'News' }).uncheck();
    await page.getByRole('radio', { name: 'Once a week, in a weekly digest' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your choices are saved.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect((await mine(token)).body).toMatchObject({ topics: ['alerts', 'events'], frequency: 'weekly' });
  });

  it('unsubscribes as the e-mail’s visible unsubscribe link opens', async () => {
    const { page } = visitor;
    const confirmation = await mailTo('meena.iyer@example.org', /confirm your subscription/);
    const token = new URL(link(confirmation, 'Confirm my subscription')).searchParams.get('token')!;
    await page.goto(link(confirmation, 'Unsubscribe'), { waitUntil: 'networkidle' });
    await page.getByText('You are unsubscribed. You will receive no more e-mails from us.').waitFor();
    expect((await mine(token)).status).toBe(404);
    expect(await page.getByRole('link', { name: 'Subscribe again' }).getAttribute('href')).toBe('/subscribe');
  });
});

describe('the Subscribers view of the dashboard', () => {
  it('counts the subscribers, finds one by address, and lists the messages sent', async () => {
    await site.call('POST', '/api/subscriptions', { json: { email: 'kiran.rao@example.org', topics: ['alerts'] } });
    const confirmation = await mailTo('kiran.rao@example.org', /confirm your subscription/);
    const token = new URL(link(confirmation, 'Confirm my subscription')).searchParams.get('token')!;
    await site.call('POST', '/api/subscriptions/confirm', { json: { token } });
    const notice = { message: 'Sports day moves to Friday.', level: 'important', endsAt: inAnHour() };
    await site.asAdmin('POST', '/api/alerts', { json: notice });
    await mailTo('kiran.rao@example.org', /^Important: Sports day moves to Friday/);

    const dashboard = await openDashboard(browser(), site.url, site.token);
    const { page } = dashboard;
    await openSection(page, 'subscribers');
    const view = page.locator('[data-view="subscribers"]');
    const count = (label: string) =>
      view.locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');
    await expect.poll(() => count('Confirmed').textContent()).toBe('1');
    expect(await count('Follow: Urgent notices').textContent()).toBe('1');
    await expect
      .poll(() => view.getByRole('rowheader', { name: 'Important notice: Sports day moves to Friday.' }).isVisible())
      .toBe(true);
    await view.getByLabel('E-mail address').fill('KIRAN.rao@example.org');
    await view.getByRole('button', { name: 'Search' }).click();
    await view.getByRole('listitem', { name: 'Subscription: kiran.rao@example.org' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/subscribers-view.png', fullPage: true });
    await dashboard.close();
  });
});

describe('the installable app', () => {
  it('has a manifest and icons from the school’s crest, and Chromium finds it installable', async () => {
    const manifest = await (await fetch(`${site.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Sunridge Valley School', start_url: '/', display: 'standalone' });
    for (const { src, sizes } of manifest.icons as { src: string; sizes: string }[]) {
      const icon = await fetch(site.url + src);
      expect(icon.headers.get('content-type')).toBe('image/png');
      const { width, height, format } = await sharp(Buffer.from(await icon.arrayBuffer())).metadata();
      expect({ format, size: `${width}x${height}` }).toEqual({ format: 'png', size: sizes });
    }
    const visitor = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    const { page } = visitor;
    await page.goto(`${site.url}/subscribe`, { waitUntil: 'networkidle' });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // Chromium read the site's own manifest, without a complaint (the dashboard names none).
    const found = await cdp.send('Page.getAppManifest');
    expect({ url: found.url, errors: found.errors }).toEqual({ url: `${site.url}/manifest.webmanifest`, errors: [] });
    expect(JSON.parse(found.data ?? '')).toEqual(manifest);
    await page.goto(`${site.url}/admin/login`, { waitUntil: 'networkidle' });
    expect((await cdp.send('Page.getAppManifest')).url).toBe('');
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });

  it('keeps the public pages for when the network is gone, and never the admin area or the API', async () => {
    const visitor = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    const { page } = visitor;
    await page.goto(`${site.url}/gallery`, { waitUntil: 'networkidle' });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto(`${site.url}/admin/login`, { waitUntil: 'networkidle' });
    await page.evaluate(() => fetch('/api/settings').then((answer) => answer.json()));
    await page.goto(`${site.url}/gallery`, { waitUntil: 'networkidle' });
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain('/gallery');
    expect(kept.filter((path) => /^\/(admin|api)(\/|$)/.test(path))).toEqual([]);
    // Pages and their scripts and styles only: no photo fills a phone's storage.
    expect(kept.filter((path) => !path.startsWith('/_astro/'))).toEqual(['/gallery']);
    await page.context().setOffline(true);
    await page.goto(`${site.url}/gallery`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Gallery');
    await expect(page.goto(`${site.url}/admin/login`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await page.context().setOffline(false);
    await visitor.close();
  });

  it('asks to notify this device only after the tap, and says so when the browser refuses', async () => {
    const visitor = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    const { page } = visitor;
    await page.goto(`${site.url}/subscribe`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const asked: string[] = [];
    await page.exposeFunction('noteAsked', (what: string) => asked.push(what));
    await page.evaluate(() => {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        (window as unknown as { noteAsked: (what: string) => void }).noteAsked('permission');
        return ask();
      };
    });
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: 'Notify me on this device' }).click();
    await page
      .getByText("Notifications are blocked for this site. Allow them in your browser's settings, then try again.")
      .waitFor();
    expect(asked).toEqual(['permission']);
    await visitor.close();
  });
});

describe('in another language of the site', () => {
  let visitor: WatchedPage;
  beforeAll(async () => {
    const set = await site.asAdmin('PUT', '/api/settings', { json: { languages: ['en', 'hi'] } });
    expect(set.status).toBe(200);
    await site.waitUntilLive();
    visitor = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
  });
  afterAll(() => visitor.close());

  it('subscribes in the page’s language, and the e-mail and its pages speak it', async () => {
    const { page } = visitor;
    await page.goto(`${site.url}/hi/subscribe`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.getByLabel('ईमेल').fill('ravi.sharma@example.org');
    await page.getByRole('button', { name: 'सदस्यता लें' }).click();
    await page.getByRole('heading', { name: 'कृपया अपना ई-मेल देखें' }).waitFor();
    const confirmation = await mailTo('ravi.sharma@example.org', /सदस्यता की पुष्टि/);
    const confirmLink = link(confirmation, 'मेरी सदस्यता की पुष्टि करें');
    expect(new URL(confirmLink).pathname).toBe('/hi/subscribe/confirm');
    expect(confirmation.html).toContain('lang="hi"');
    await page.goto(confirmLink, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.getByRole('button', { name: 'मेरी सदस्यता की पुष्टि करें' }).click();
    await page.getByRole('heading', { name: 'आपकी सदस्यता की पुष्टि हो गई है। धन्यवाद!' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
  });
});
