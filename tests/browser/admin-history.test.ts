/** Undo after a delete, and a restore from the History section, bring the item back. */
import { expect, it } from 'vitest';
import { testBrowser, testServer } from '../support/harness.ts';
import { answerNextConfirm, openSection, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const admin = testDashboard(site, browser);

const TITLE = 'Sports Day';
const newsTitles = async () =>
  ((await site.call('GET', '/api/content')).body.news as { title: string }[]).map((n) => n.title);

async function deleteNews() {
  const { page } = admin;
  await openSection(page, 'news');
  const item = page.locator('#news').getByRole('listitem', { name: TITLE });
  const accepted = answerNextConfirm(page, true);
  await item.getByRole('button', { name: 'Delete' }).click();
  await accepted;
  await item.waitFor({ state: 'detached' });
  expect(await newsTitles()).not.toContain(TITLE);
}

it('offers Undo right after a delete, which brings the news item back', async () => {
  await site.asAdmin('POST', '/api/news', { json: { title: TITLE, description: 'Races on the field' } });
  const { page } = admin;
  await page.reload();
  await deleteNews();

  const bar = page.locator('.undo-bar');
  await bar.getByText('News item deleted.').waitFor();
  const undo = bar.getByRole('button', { name: 'Undo' });
  await expect.poll(() => undo.isEnabled()).toBe(true);
  await undo.focus();
  await page.keyboard.press('Enter');
  await bar.getByText('Undone: the deleted item is back.').waitFor();
  await page.locator('#news').getByRole('listitem', { name: TITLE }).waitFor();
  expect(await newsTitles()).toContain(TITLE);
});

it('restores a version from the History section', async () => {
  const { page } = admin;
  await deleteNews();
  await openSection(page, 'history');
  const history = page.locator('#history');
  await history.getByRole('button', { name: 'Refresh' }).click();
  await history.getByText(`Deleted news item “${TITLE}”`).first().waitFor();
  const restore = history.getByRole('button', {
    name: new RegExp(`^Restore version \\d+: Added news item “${TITLE}”$`),
  });
  const accepted = answerNextConfirm(page, true);
  await restore.click();
  expect(await accepted).toMatch(/^Restore the site as it was after/);
  await history.getByText(/^Version \d+ was restored\.$/).waitFor();
  await openSection(page, 'news');
  await page.locator('#news').getByRole('listitem', { name: TITLE }).waitFor();
  expect(await newsTitles()).toContain(TITLE);
});
