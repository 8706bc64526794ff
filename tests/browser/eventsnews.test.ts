import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, setupAndLogin, waitUntilLive } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { disposeServer, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  if (server) await disposeServer(server);
});

it('shows an event added through the API on /eventsnews once the site is rebuilt', async () => {
  const token = await setupAndLogin(server.url);
  const page = await browser.newPage();
  await page.goto(server.url + '/eventsnews');
  expect(await page.getByText('Annual science fair').count()).toBe(0);

  const added = await call(server.url, 'POST', '/api/events', {
    token,
    json: { title: 'Annual science fair', description: 'Projects by classes 6 to 12', date: '2026-12-12' },
  });
  expect(added.status).toBe(201);
  await waitUntilLive(server.url, token);

  await page.reload();
  expect(await page.getByRole('heading', { name: 'Annual science fair' }).isVisible()).toBe(true);
});
