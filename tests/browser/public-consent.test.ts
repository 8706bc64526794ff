/**
 * The public forms ask for consent (issue 23): on /contact and /alumni a box, unticked at first,
 * links the privacy notice; a form filled in without it ticked is not sent (its error beside the
 * box, which gets the focus); ticked, the form is sent and the record keeps the consent with the
 * notice's version. /privacy says how long the school keeps each kind of detail. No serious
 * accessibility problem on either form, with the error shown or not.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_LABEL, CONSENT_REQUIRED } from '../../site/contract/consent.ts';
import { hydrated, seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { VIEWPORTS } from '../public/routes.ts';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

interface Form {
  path: string;
  api: string;
  /** Fills in every field but the box, for the person `name`. */
  fill: (page: Page, name: string) => Promise<void>;
  send: string;
  sent: (name: string) => string;
  /** The stored records, newest first, as the dashboard gets them. */
  stored: () => Promise<{ name?: string; fullName?: string; consent: { givenAt: string; notice: string } | null }[]>;
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const FORMS: Record<string, Form> = {
  contact: {
    path: '/contact',
    api: '/api/contact',
    fill: async (page, name) => {
      await field(page, 'name').fill(name);
      await field(page, 'email').fill('sunita.rao@example.org');
      await field(page, 'phone').fill('+91 98450 22110');
      await field(page, 'subject').selectOption('admission');
      await field(page, 'message').fill('Are there seats in Class 4 next year?');
    },
    send: 'Send Message',
    sent: (name) => `Thank you, ${name}!`,
    stored: async () => (await site.asAdmin('GET', '/api/admin/messages')).body,
  },
  alumni: {
    path: '/alumni',
    api: '/api/alumni',
    fill: async (page, name) => {
      await field(page, 'fullName').fill(name);
      await page.getByLabel('Female').check();
      await field(page, 'mobile').fill('+91 98450 33221');
      await field(page, 'email').fill('sunita.alumna@example.org');
      await field(page, 'address').fill('4 Temple Street, Mysuru');
      await field(page, 'periodOfStudy').fill('2008-2020');
      await field(page, 'qualification').fill('B.Sc. Physics');
      await field(page, 'occupation').fill('Engineer');
    },
    send: 'Register',
    sent: () => 'Thank you for registering!',
    stored: async () => (await site.asAdmin('GET', '/api/admin/alumni')).body,
  },
};

/** The notice a form agrees to now: the one a record sent with consent through the API keeps. */
async function currentNotice(): Promise<string> {
  const email = `notice-probe-${Date.now()}@example.org`;
  await site.call('POST', '/api/contact', {
    json: { name: 'Notice Probe', email, subject: 'other', message: 'Which notice?', consent: true },
  });
  const inbox = (await site.asAdmin('GET', '/api/admin/messages')).body as {
    email: string;
    consent: { notice: string };
  }[];
  return inbox.find((one) => one.email === email)!.consent.notice;
}

describe.each(Object.entries(FORMS))('the %s form', (_, form) => {
  it('is not sent until the box is ticked, then keeps the consent with the notice version', async () => {
    const { page, close, errors, cspViolations } = await watchedPage(browser(), { viewport: VIEWPORTS.phone });
    try {
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
      });
      await page.goto(site.url + form.path, { waitUntil: 'networkidle' });
      await hydrated(page);
      const box = page.getByRole('checkbox', { name: CONSENT_LABEL });
      expect(await box.isChecked()).toBe(false);
      // The privacy notice is one link away, beside the box.
      const link = page.locator('.consent').getByRole('link', { name: 'privacy notice' });
      expect(await link.getAttribute('href')).toBe('/privacy');
      expect(await link.isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const name = `Sunita Rao ${form.path.slice(1)}`;
      await form.fill(page, name);
      await page.getByRole('button', { name: form.send, exact: true }).click();
      // The one error, beside the box, which now has the focus; nothing was sent.
      const error = page.locator('.consent .field-error');
      await error.waitFor();
      expect(await error.innerText()).toBe(CONSENT_REQUIRED);
      expect(await page.locator('.field-error').allInnerTexts()).toEqual([CONSENT_REQUIRED]);
      await page.waitForFunction(() => document.activeElement?.id === 'field-consent');
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect((await box.getAttribute('aria-describedby'))?.split(' ')).toContain(await error.getAttribute('id'));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.waitForTimeout(300);
      expect(posted).toEqual([]);
      expect((await form.stored()).some((record) => (record.name ?? record.fullName) === name)).toBe(false);

      // Ticked from the keyboard, where the focus is: sent once.
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
      await page.getByRole('button', { name: form.send, exact: true }).click();
      await page.getByRole('heading', { name: form.sent(name) }).waitFor();
      expect(posted).toEqual([form.api]);
      const [stored] = await form.stored();
      expect(stored).toMatchObject({ consent: { givenAt: expect.any(String), notice: await currentNotice() } });
      expect(stored!.name ?? stored!.fullName).toBe(name);
      expect(Math.abs(Date.now() - Date.parse(stored!.consent!.givenAt))).toBeLessThan(60_000);
      expect(errors).toEqual([]);
      expect(cspViolations).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the privacy page', () => {
  it('says how long the school keeps your details, from its settings', async () => {
    const { page, close, errors } = await watchedPage(browser(), { viewport: VIEWPORTS.desktop });
    try {
      // Reached from the contact form's link, as a visitor reads it before ticking the box.
      await page.goto(`${site.url}/contact`, { waitUntil: 'networkidle' });
      await page.locator('.consent').getByRole('link', { name: 'privacy notice' }).click();
      await page.waitForURL(`${site.url}/privacy`);
      const section = page.getByRole('region', { name: 'How long we keep your details' });
      expect(await section.getByRole('heading', { level: 2 }).innerText()).toBe('How long we keep your details');
      const periods = await section.getByRole('listitem').allInnerTexts();
      expect(periods).toEqual([
        'Contact messages: 12 months after they arrive, then they are deleted.',
        expect.stringMatching(/^Alumni registrations the school has not approved: 90 days after they are sent\./),
        expect.stringMatching(/^Anything sent without agreeing to this notice .*: 30 days at most/),
        expect.stringMatching(
          /^E-mail subscriptions: .* until you unsubscribe .* After 3 e-mails your mail server refuses/,
        ),
        'A subscription never confirmed: 7 days after it was asked for, then it is deleted.',
        expect.stringMatching(/^Notifications on a device: .* until you turn notifications off/),
        expect.stringMatching(/^Backups of the website, which hold copies of everything above: 30 days\./),
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
