/**
 * The administrator's way in and out: first-time setup, login, the redirects of the dashboard,
 * logout, the default-password warning, and what is shown when the server cannot be reached.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { holdRequests } from '../support/browser.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { disposeServer, startServer } from '../support/server.ts';
import { inPage, openDashboard, openPage, openSection, storedToken, storeToken } from './admin-harness.ts';

const CONNECTION_MESSAGE = 'Cannot connect to server. Please make sure the backend is running on port 5000.';

const site = testServer();
const browser = testBrowser();

async function login(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function apiLogin(username: string, password: string) {
  return site.call<{ token: string; message: string }>('POST', '/api/admin/login', {
    json: { username, password },
  });
}

/** A fresh page with the token of a login stored, as a login would have left it. */
async function loggedInPage() {
  const token = (await apiLogin('admin', 'admin123')).body.token;
  const watched = await openPage(browser());
  await storeToken(watched.page, site.url, token);
  return watched;
}

describe('login page', () => {
  it('shows the default credentials and creates the default administrator with the setup button', async () => {
    await inPage(browser(), async (page) => {
      await page.goto(`${site.url}/admin`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await page.getByText('Default credentials').textContent()).toContain('admin');
      expect(await page.getByText('Default credentials').textContent()).toContain('admin123');

      await page.getByRole('button', { name: 'First-time setup: create admin account' }).click();
      const success = page.getByRole('status').filter({ hasText: 'Admin account created successfully!' });
      await success.waitFor();
      expect(await success.textContent()).toContain('admin123');
      expect((await apiLogin('admin', 'admin123')).status).toBe(200);

      // A second press: the server refuses, and its message is shown.
      await page.getByRole('button', { name: 'First-time setup: create admin account' }).click();
      const refusal = page.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe(
        'An administrator account already exists. Log in to create another one.',
      );
    });
  });

  it('shows the server message for a wrong password and stores no token', async () => {
    await inPage(browser(), async (page) => {
      await page.goto(`${site.url}/admin`);
      await login(page, 'admin', 'not-the-password');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Invalid username or password');
      expect(new URL(page.url()).pathname).toBe('/admin');
      expect(await storedToken(page)).toBeNull();
    });
  });

  it('requires both fields before sending anything', async () => {
    await inPage(browser(), async (page) => {
      await page.goto(`${site.url}/admin`);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.getByLabel('Username').fill('admin');
      await page.getByRole('button', { name: 'Login' }).click();
      expect(await page.getByLabel('Password').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
        true,
      );
      expect(requests.filter((url) => url.includes('/api/admin/login'))).toEqual([]);
    });
  });

  it('logs in, stores the token and opens the dashboard', async () => {
    await inPage(browser(), async (page) => {
      await page.goto(`${site.url}/admin`);
      await login(page, 'admin', 'admin123');
      await page.waitForURL('**/admin/dashboard');
      await page.getByRole('heading', { name: 'Logos' }).waitFor();
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      expect((await site.call('GET', '/api/admin/session', { token: token! })).status).toBe(200);
    });
  });
});

describe('dashboard session', () => {
  it('goes to the login page without a stored token', async () => {
    await inPage(browser(), async (page) => {
      await page.goto(`${site.url}/admin/dashboard`);
      await page.waitForURL((url) => url.pathname === '/admin');
    });
  });

  it('clears a bad token and goes to the login page', async () => {
    await inPage(browser(), async (page) => {
      await storeToken(page, site.url, 'not.a.token');
      await page.goto(`${site.url}/admin/dashboard`);
      await page.waitForURL((url) => url.pathname === '/admin');
      expect(await storedToken(page)).toBeNull();
    });
  });

  it('logs out: the token is removed and the dashboard sends back to the login', async () => {
    await inPage(browser(), async (page) => {
      await page.goto(`${site.url}/admin`);
      await login(page, 'admin', 'admin123');
      await page.waitForURL('**/admin/dashboard');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/admin');
      expect(await storedToken(page)).toBeNull();
      await page.goto(`${site.url}/admin/dashboard`);
      await page.waitForURL((url) => url.pathname === '/admin');
    });
  });

  it("shows 'Failed to load content' with Retry when the content cannot be loaded", async () => {
    const { page, expectNoProblems, close } = await loggedInPage();
    // The dashboard reads the content with its drafts, but for the long lists (GET /api/admin/content/parts).
    const content = /\/api\/admin\/content\/parts\?/;
    await page.route(content, (route) => route.fulfill({ status: 500, json: { message: 'Broken' } }));
    await page.goto(`${site.url}/admin/dashboard`);
    const failure = page.getByRole('alert');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Failed to load content');

    await page.unroute(content);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Logos' }).waitFor();
    expectNoProblems();
    await close();
  });

  it("shows 'Failed to load alumni data' when only the alumni fail", async () => {
    const { page, expectNoProblems, close } = await loggedInPage();
    await page.route('**/api/admin/alumni/page?*', (route) =>
      route.fulfill({ status: 500, json: { message: 'Broken' } }),
    );
    await page.goto(`${site.url}/admin/dashboard`);
    await openSection(page, 'alumni');
    const alumni = page.locator('#alumni');
    await alumni.getByRole('alert').filter({ hasText: 'Failed to load alumni data' }).waitFor();
    // The rest of the dashboard works.
    await openSection(page, 'events');
    expect(await page.getByRole('heading', { name: 'Events' }).isVisible()).toBe(true);
    expectNoProblems();
    await close();
  });
});

describe('default password', () => {
  it('warns while the default password is used, and changes it', async () => {
    const oldToken = (await apiLogin('admin', 'admin123')).body.token;
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, oldToken);
    const warning = page.getByRole('region', { name: 'Please change the default password' });
    await warning.waitFor();

    await warning.getByLabel('New password', { exact: true }).fill('short');
    await warning.getByLabel('Repeat the new password').fill('short');
    await warning.getByRole('button', { name: 'Change password' }).click();
    await warning.getByRole('alert').filter({ hasText: 'The new password must be at least 10 characters' }).waitFor();
    expect((await apiLogin('admin', 'admin123')).status).toBe(200);

    // A call still under way with the old token when the password changes is refused by the server:
    // it is sent again with the new token, and the session goes on.
    const release = await holdRequests(page, '**/api/admin/history');
    const historyRead = page.waitForResponse((answer) => answer.url().endsWith('/api/admin/history') && answer.ok());
    await page.reload();
    await warning.waitFor();
    await warning.getByLabel('New password', { exact: true }).fill('a long new secret');
    await warning.getByLabel('Repeat the new password').fill('a long new secret');
    await warning.getByRole('button', { name: 'Change password' }).click();
    await warning.waitFor({ state: 'detached' });
    release();
    await historyRead;
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');

    expect((await apiLogin('admin', 'admin123')).status).toBe(401);
    expect((await apiLogin('admin', 'a long new secret')).status).toBe(200);
    const newToken = await storedToken(page);
    expect(newToken).not.toBe(oldToken);
    expect((await site.call('GET', '/api/admin/session', { token: newToken! })).status).toBe(200);
    // The dashboard keeps working with the new token.
    await page.reload();
    await page.getByRole('heading', { name: 'Logos' }).waitFor();
    expect(await page.getByRole('region', { name: 'Please change the default password' }).count()).toBe(0);
    expectNoProblems();
    await close();
  });
});

describe('with the server stopped', () => {
  it('shows the connection message for login, setup and a dashboard that cannot load', async () => {
    const second = await startServer();
    await inPage(browser(), async (page) => {
      // Keep the pages and their scripts, so they can still be shown once the server is gone.
      const urls = new Set<string>();
      page.on('request', (request) => {
        if (!new URL(request.url()).pathname.startsWith('/api/')) urls.add(request.url());
      });
      await page.goto(`${second.url}/admin`);
      await page.goto(`${second.url}/admin/dashboard`);
      await page.waitForURL((url) => url.pathname === '/admin');
      const files = new Map<string, { body: Buffer; contentType: string }>();
      for (const url of urls) {
        const response = await fetch(url);
        if (response.ok) {
          files.set(url, {
            body: Buffer.from(await response.arrayBuffer()),
            contentType: response.headers.get('content-type') ?? '',
          });
        }
      }
      await second.stop();

      await login(page, 'admin', 'admin123');
      await page.getByRole('alert').filter({ hasText: CONNECTION_MESSAGE }).waitFor();
      await page.getByRole('button', { name: 'First-time setup: create admin account' }).click();
      await page.getByRole('alert').filter({ hasText: CONNECTION_MESSAGE }).waitFor();

      await page.route(
        (url) => files.has(url.href),
        (route) => {
          const file = files.get(route.request().url())!;
          return route.fulfill({ status: 200, body: file.body, contentType: file.contentType });
        },
      );
      await storeToken(page, second.url, 'any-token');
      await page.goto(`${second.url}/admin/dashboard`);
      const failure = page.getByRole('alert').filter({ hasText: CONNECTION_MESSAGE });
      await failure.waitFor();
      expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    });
    await disposeServer(second);
  });
});

it("logs in with what was typed before the login form's script ran", async () => {
  await site.call('POST', '/api/admin/create', { json: { username: 'admin', password: 'admin123' } });
  const page = await browser().newPage();
  const release = await holdRequests(page, '**/_astro/*.js');
  await page.goto(site.url + '/admin', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  expect(await page.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);
  release();
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await page.getByRole('alert').textContent()).toBe('Invalid username or password');
  await page.close();
});
