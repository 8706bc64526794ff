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

async function deleteNews(title = TITLE) {
  const { page } = admin;
  await openSection(page, 'news');
  const item = page.locator('#news').getByRole('listitem', { name: title });
  const accepted = answerNextConfirm(page, true);
  await item.getByRole('button', { name: 'Delete' }).click();
  await accepted;
  await item.waitFor({ state: 'detached' });
  expect(await newsTitles()).not.toContain(title);
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

it('does not undo a delete once the content changed since (another tab), and loses neither change', async () => {
  await site.asAdmin('POST', '/api/news', { json: { title: 'Quiz Night', description: 'Teams of four' } });
  const { page } = admin;
  await page.reload();
  await deleteNews('Quiz Night');
  const bar = page.locator('.undo-bar');
  const undo = bar.getByRole('button', { name: 'Undo' });
  await expect.poll(() => undo.isEnabled()).toBe(true);

  // Another tab adds an event after the delete: restoring the version before the delete would drop it.
  await site.asAdmin('POST', '/api/events', {
    json: { title: 'Open House', description: 'Visit us', date: '2031-05-04' },
  });
  await undo.click();
  await bar
    .getByRole('alert')
    .getByText(/The content has changed since/)
    .waitFor();
  await expect.poll(() => undo.count()).toBe(0);
  const content = (await site.call('GET', '/api/content')).body as {
    news: { title: string }[];
    events: { title: string }[];
  };
  expect(content.news.map((n) => n.title)).not.toContain('Quiz Night');
  expect(content.events.map((e) => e.title)).toContain('Open House');
});
