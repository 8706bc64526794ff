/**
 * The dashboard's accounts: add and remove one, the activity log showing it, and two-factor login
 * turned on with the key shown on the page, then used to log in with a code made by the test.
 */
import { describe, expect, it } from 'vitest';
import { codeFor, wrongCodeFor } from '../api/two-factor-codes.ts';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { alertIn, answerNextConfirm, openDashboard, openPage, openSection, storedToken } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

const usernames = async () =>
  (await site.asAdmin('GET', '/api/admin/accounts')).body.map((a: { username: string }) => a.username);

describe('accounts section', () => {
  it('adds an account, refuses a short password, and removes an account after asking', async () => {
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, site.token);
    await openSection(page, 'accounts');
    const section = page.locator('#accounts');
    const list = section.getByRole('list', { name: 'Accounts' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    // Nobody removes themselves.
    expect(await section.getByRole('button', { name: /^Remove the account/ }).count()).toBe(0);

    const form = section.getByRole('form', { name: 'Add an account' });
    await form.getByLabel('Username').fill('office');
    await form.getByLabel(/^Password/).fill('short');
    await form.getByRole('button', { name: 'Add account' }).click();
    await alertIn(form, 'The password must be at least 8 characters').waitFor();
    expect(await usernames()).toEqual(['admin']);

    await form.getByLabel(/^Password/).fill('office-password');
    await form.getByRole('button', { name: 'Add account' }).click();
    await form.getByRole('status').filter({ hasText: 'The account "office" was added' }).waitFor();
    await list.getByRole('listitem', { name: 'office' }).waitFor();
    expect(await list.getByRole('listitem', { name: 'office' }).textContent()).toContain('Last login: never');
    expect(await usernames()).toEqual(['admin', 'office']);
    const login = await site.call('POST', '/api/admin/login', {
      json: { username: 'office', password: 'office-password' },
    });
    expect(login.status).toBe(200);

    // A taken name: the server's reason is shown.
    await form.getByLabel('Username').fill('Office');
    await form.getByLabel(/^Password/).fill('another-password');
    await form.getByRole('button', { name: 'Add account' }).click();
    await alertIn(form, 'An administrator named "Office" already exists').waitFor();

    const remove = section.getByRole('button', { name: 'Remove the account office' });
    const declined = answerNextConfirm(page, false);
    await remove.click();
    expect(await declined).toContain('Remove the account "office"?');
    expect(await usernames()).toEqual(['admin', 'office']);

    const accepted = answerNextConfirm(page, true);
    await remove.click();
    await accepted;
    await list.getByRole('listitem', { name: 'office' }).waitFor({ state: 'detached' });
    expect(await usernames()).toEqual(['admin']);
    expect((await site.call('GET', '/api/admin/session', { token: login.body.token })).status).toBe(401);

    // The activity log says who did it.
    const activity = page.locator('#activity');
    await activity.getByRole('button', { name: 'Refresh' }).click();
    const newest = activity.getByRole('list', { name: 'Activity' }).getByRole('listitem').first();
    await newest.filter({ hasText: 'Removed an account' }).waitFor();
    expect(await newest.textContent()).toMatch(/Removed an account\s*office\s*admin/);

    expect(await seriousA11yViolations(page)).toEqual([]);
    expectNoProblems();
    await close();
  });
});

describe('two-factor login', () => {
  it('is turned on with the key shown in the dashboard, and then asked for at login', async () => {
    const { page, expectNoProblems, close } = await openDashboard(browser(), site.url, site.token);
    await openSection(page, 'accounts');
    const section = page.locator('#accounts');
    await section.getByRole('button', { name: 'Set up two-factor login' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    expect(await section.locator('svg.qr-code path').getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    const secret = (await section.locator('code.two-factor-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const codeField = section.getByLabel('6-digit code from the app');
    await codeField.fill(await wrongCodeFor(secret));
    await section.getByRole('button', { name: 'Turn two-factor login on' }).click();
    await alertIn(section, 'The code is not correct').waitFor();

    await codeField.fill(await codeFor(secret));
    await section.getByRole('button', { name: 'Turn two-factor login on' }).click();
    await section.getByRole('status').filter({ hasText: 'Two-factor login is on.' }).waitFor();
    await section.getByRole('listitem', { name: 'admin' }).filter({ hasText: 'Two-factor on' }).waitFor();
    expect(await section.locator('code.two-factor-secret').count()).toBe(0);
    expect(await section.getByRole('button', { name: 'Turn two-factor login off' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin123');
    await page.getByRole('button', { name: 'Login' }).click();

    const code = page.getByLabel('6-digit code');
    await code.waitFor();
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await storedToken(page)).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await code.fill(await wrongCodeFor(secret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code is not correct' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');

    await code.fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'School details' }).waitFor();
    const session = await site.call('GET', '/api/admin/session', { token: (await storedToken(page))! });
    expect(session.status).toBe(200);
    expectNoProblems();
    await close();
  });

  it('goes back to the password from the code step', async () => {
    const { page, expectNoProblems, close } = await openPage(browser(), { width: 375, height: 800 });
    await page.goto(`${site.url}/admin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('6-digit code').waitFor();
    await page.getByRole('button', { name: 'Log in as someone else' }).click();
    await page.getByLabel('Password').waitFor();
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expectNoProblems();
    await close();
  });
});
