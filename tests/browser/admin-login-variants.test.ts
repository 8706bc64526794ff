/**
 * /admin offers the first-time setup and shows the default credentials on a fresh install only:
 * once an administrator exists, neither is in the page as served, so nothing flashes before the
 * script runs.
 */
import { describe, expect, it } from 'vitest';
import { testBrowser, testServer } from '../support/harness.ts';

const site = testServer();
const browser = testBrowser();

const SETUP = 'First-time setup: create admin account';
const CREDENTIALS = 'Default credentials';

/** The login page as a browser without JavaScript shows it: the served HTML, before any script. */
async function withoutScripts(path: string) {
  const context = await browser().newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(site.url + path);
  const shown = {
    heading: await page.getByRole('heading', { name: 'Administrator login' }).isVisible(),
    login: await page.getByRole('button', { name: 'Login' }).isVisible(),
    setup: await page.getByRole('button', { name: SETUP }).count(),
    credentials: await page.getByText(CREDENTIALS).count(),
  };
  await context.close();
  return shown;
}

describe('the login page', () => {
  it('offers the setup and shows the default credentials on a fresh install', async () => {
    const html = await (await fetch(`${site.url}/admin`)).text();
    expect(html).toContain(SETUP);
    expect(html).toContain(CREDENTIALS);
    expect(html).toMatch(/username <code>admin<\/code>, password(<!-- -->)? <code>admin123<\/code>/);
    expect(await withoutScripts('/admin')).toEqual({ heading: true, login: true, setup: 1, credentials: 1 });
  });

  it('shows neither once an administrator exists, in the page as served', async () => {
    expect(
      (await site.call('POST', '/api/admin/create', { json: { username: 'admin', password: 'admin123' } })).status,
    ).toBe(201);
    for (const path of ['/admin', '/admin/']) {
      const response = await fetch(site.url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('Administrator login');
      expect(html).not.toContain(SETUP);
      expect(html).not.toContain(CREDENTIALS);
      expect(html).not.toContain('admin123');
    }
    expect(await withoutScripts('/admin')).toEqual({ heading: true, login: true, setup: 0, credentials: 0 });
  });
});
