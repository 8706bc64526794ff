/**
 * A school's team in the dashboard, each in a browser of their own: a Contributor writes an event
 * and sends it for review, an Editor previews and approves it and visitors see it; two Editors
 * edit the school details and the same event at once without losing each other's work; each sees
 * who else has the same thing open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { markdownSource, openPage, storeToken, type WatchedPage } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();

const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const [username, role] of [
    ['asha', 'contributor'],
    ['ravi', 'editor'],
    ['meera', 'editor'],
    ['priya', 'office'],
  ] as const) {
    const password = `${username}-password-1`;
    const created = await site.asAdmin('POST', '/api/admin/create', { json: { username, password, role } });
    expect(created.status).toBe(201);
    tokens[username] = (await call(site.url, 'POST', '/api/admin/login', { json: { username, password } })).body.token;
  }
});

/** The dashboard of `username`, in a browser of its own, at the view `section`. */
async function dashboardOf(username: string, section: string): Promise<WatchedPage> {
  const watched = await openPage(browser());
  await storeToken(watched.page, site.url, tokens[username]!);
  await watched.page.goto(`${site.url}/admin/dashboard#${section}`);
  await watched.page.locator(`[data-view="${section}"]`).waitFor({ state: 'visible' });
  return watched;
}

const navLinks = async (watched: WatchedPage) =>
  watched.page.getByRole('navigation', { name: 'Dashboard sections' }).locator('a span:first-child').allTextContents();

describe('a Contributor, an Editor and the Office', () => {
  it('shows each only the sections of their role', async () => {
    const contributor = await dashboardOf('asha', 'events');
    expect(await navLinks(contributor)).toEqual(['Events', 'News', 'Galleries', 'Circulars', 'Media', 'Your account']);
    expect(await contributor.page.getByText('asha · Contributor').isVisible()).toBe(true);
    contributor.expectNoProblems();
    await contributor.close();

    const editor = await dashboardOf('ravi', 'events');
    expect(await navLinks(editor)).toEqual([
      'School details',
      'Leadership',
      'Events',
      'News',
      'Galleries',
      'Circulars',
      'Alerts',
      'Media',
      'Pages',
      'Accessibility',
      'Your account',
      'History',
    ]);
    await editor.close();

    const office = await dashboardOf('priya', 'inbox');
    expect(await navLinks(office)).toEqual(['Inbox', 'Alumni', 'Personal data', 'Subscribers', 'Your account']);
    await office.page.getByRole('heading', { name: 'Inbox', level: 2 }).waitFor();
    office.expectNoProblems();
    await office.close();
  });

  it("takes a Contributor's event through review: sent, previewed, approved, then public", async () => {
    const contributor = await dashboardOf('asha', 'events');
    const form = contributor.page.locator('#events form.add-form');
    await form.getByLabel('Title').fill('Science fair for every class');
    await form.getByLabel('Date').fill('2031-02-02');
    await form.getByLabel(/^Description/).fill('Projects from Class 1 to Class 12 in the main hall.');
    // A Contributor cannot publish: the choices are a draft or review.
    expect(await form.getByLabel('Publish now').count()).toBe(0);
    await form.getByLabel('Send for review').check();
    await form.getByRole('button', { name: 'Add event' }).click();
    const mine = contributor.page.locator('#events li.item', { hasText: 'Science fair for every class' });
    await mine.getByText('Waiting for review').waitFor();
    contributor.expectNoProblems();
    await contributor.close();
    expect(JSON.stringify((await site.call('GET', '/api/events')).body)).not.toContain('Science fair');

    const editor = await dashboardOf('ravi', 'events');
    const nav = editor.page.getByRole('navigation', { name: 'Dashboard sections' });
    expect(await nav.getByRole('link', { name: /Events\s*1 to review/ }).isVisible()).toBe(true);
    const waiting = editor.page.locator('#events li.item', { hasText: 'Science fair for every class' });
    expect(await waiting.getByText('by asha').isVisible()).toBe(true);

    await waiting.getByRole('button', { name: 'Preview' }).click();
    const preview = editor.page.frameLocator('iframe.preview-frame');
    await preview.getByRole('heading', { name: 'Science fair for every class', level: 1 }).waitFor();
    expect(await preview.getByRole('link', { name: 'Apply Now' }).isVisible()).toBe(true);
    await editor.page.getByRole('button', { name: 'Close' }).click();

    await waiting.getByRole('button', { name: 'Approve' }).click();
    await waiting.getByText('Published', { exact: true }).waitFor();
    editor.expectNoProblems();
    await editor.close();

    await site.waitUntilLive();
    const events = (await site.call('GET', '/api/events')).body as { title: string }[];
    expect(events.map((event) => event.title)).toContain('Science fair for every class');
    const page = await (await fetch(`${site.url}/eventsnews`)).text();
    expect(page).toContain('Science fair for every class');
  });

  it('sends a draft back with a note, which its author reads', async () => {
    const { body } = await site.call('POST', '/api/news', {
      token: tokens.asha,
      json: { title: 'Chess club results', description: 'Our team came second.', status: 'review' },
    });
    const id = (body as { _id: string; title: string }[]).find((news) => news.title === 'Chess club results')!._id;
    const editor = await dashboardOf('ravi', 'news');
    const row = editor.page.locator('#news li.item', { hasText: 'Chess club results' });
    await row.getByRole('button', { name: 'Return' }).click();
    await row.getByLabel('Note for the author (what to change)').fill('Please name the tournament.');
    await row.getByRole('button', { name: 'Return to the author' }).click();
    await row.getByText('Draft', { exact: true }).waitFor();
    await editor.close();

    const contributor = await dashboardOf('asha', 'news');
    const mine = contributor.page.locator('#news li.item', { hasText: 'Chess club results' });
    expect(await mine.getByText('Please name the tournament.').isVisible()).toBe(true);
    expect(await mine.getByRole('button', { name: 'Send for review' }).isVisible()).toBe(true);
    await contributor.close();
    const stored = (await site.asAdmin('GET', '/api/admin/content')).body.news.find(
      (n: { _id: string }) => n._id === id,
    );
    expect(stored).toMatchObject({ status: 'draft', reviewNote: 'Please name the tournament.' });
  });
});

describe('two Editors at once', () => {
  it('keeps both changes to the school details when they changed different fields', async () => {
    const ravi = await dashboardOf('ravi', 'site');
    const meera = await dashboardOf('meera', 'site');
    await ravi.page.locator('#site').getByLabel('Phone').fill('+91 80 4000 1111');
    await ravi.page.locator('#site').getByRole('button', { name: 'Save school details' }).click();
    await ravi.page.locator('#site').getByRole('status').filter({ hasText: 'are saved' }).waitFor();

    // Meera's form was opened before Ravi saved: her save must not put the old phone back.
    await meera.page.locator('#site').getByLabel('Tagline (home page)').fill('Every child known and cared for.');
    await meera.page.locator('#site').getByRole('button', { name: 'Save school details' }).click();
    await meera.page.locator('#site').getByRole('status').filter({ hasText: 'were kept' }).waitFor();

    const settings = (await site.call('GET', '/api/settings')).body;
    expect(settings.phone).toBe('+91 80 4000 1111');
    expect(settings.tagline).toBe('Every child known and cared for.');
    expect(await meera.page.locator('#site').getByLabel('Phone').inputValue()).toBe('+91 80 4000 1111');
    ravi.expectNoProblems();
    meera.expectNoProblems();
    await ravi.close();
    await meera.close();
  });

  it("does not autosave a leader's message over another's change to it unseen, and saves over it when typed on", async () => {
    const ravi = await dashboardOf('ravi', 'leadership');
    const meera = await dashboardOf('meera', 'leadership');
    const messageOf = (watched: WatchedPage) =>
      watched.page.getByRole('textbox', { name: 'President message', exact: true });
    const stateOf = (watched: WatchedPage) => watched.page.locator('#leader-president-state');
    const stored = async () => (await site.call('GET', '/api/content')).body.presidentMessage;

    await messageOf(ravi).fill('Welcome, from Ravi.');
    await stateOf(ravi)
      .filter({ hasText: /^Saved$/ })
      .waitFor();

    // Meera's dashboard still has the message from before Ravi's change.
    await messageOf(meera).fill('Welcome, from Meera.');
    await meera.page
      .locator('#leadership')
      .getByRole('alert')
      .filter({ hasText: /ravi changed this message at \d\d:\d\d while you were typing/ })
      .waitFor();
    expect(await stored()).toBe('Welcome, from Ravi.');
    expect(await messageOf(meera).inputValue()).toBe('Welcome, from Meera.');

    // Typing on, having been told, saves over it.
    await messageOf(meera).fill('Welcome, from Meera, on purpose.');
    await stateOf(meera)
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    expect(await stored()).toBe('Welcome, from Meera, on purpose.');
    ravi.expectNoProblems();
    meera.expectNoProblems();
    await ravi.close();
    await meera.close();
  });

  it('refuses the second save of the same event, saying who changed it, and saves over it only on purpose', async () => {
    await site.asAdmin('POST', '/api/events', {
      json: { title: 'Annual day', description: 'Songs and plays.', date: '2031-03-03' },
    });
    const ravi = await dashboardOf('ravi', 'events');
    const meera = await dashboardOf('meera', 'events');
    // The item by its name: while edited, its title is in a text box, not in its text.
    const rowOf = (watched: WatchedPage) => watched.page.locator('#events li.item[aria-label="Annual day"]');
    await rowOf(ravi).getByRole('button', { name: 'Edit' }).click();
    await rowOf(meera).getByRole('button', { name: 'Edit' }).click();

    // Each sees that the other has the event open.
    await rowOf(ravi).getByText('meera is editing this event.').waitFor({ timeout: 15_000 });
    await rowOf(meera).getByText('ravi is editing this event.').waitFor({ timeout: 15_000 });

    await rowOf(ravi)
      .getByLabel(/^Description/)
      .fill('Songs, plays and the prize giving.');
    await rowOf(ravi).getByRole('button', { name: 'Save' }).click();
    await rowOf(ravi).getByText('Songs, plays and the prize giving.').waitFor();

    await rowOf(meera).getByLabel('Location').fill('Open-air theatre');
    await rowOf(meera).getByRole('button', { name: 'Save' }).click();
    const notice = rowOf(meera).locator('.stale-save');
    await notice.getByText(/ravi changed this event at \d\d:\d\d/).waitFor();
    expect(await notice.getByRole('cell', { name: 'Songs, plays and the prize giving.' }).isVisible()).toBe(true);
    const event = async () =>
      ((await site.call('GET', '/api/events')).body as { title: string; location: string; description: string }[]).find(
        (item) => item.title === 'Annual day',
      )!;
    expect((await event()).location).toBe('');

    // Their version, with hers beside it to copy from; then saved on purpose.
    await notice.getByRole('button', { name: 'Use their version' }).click();
    expect(await (await markdownSource(rowOf(meera), 'Description')).inputValue()).toBe(
      'Songs, plays and the prize giving.',
    );
    expect(await rowOf(meera).locator('.your-text').getByText('Songs and plays.').isVisible()).toBe(true);
    await rowOf(meera).getByLabel('Location').fill('Open-air theatre');
    await rowOf(meera).getByRole('button', { name: 'Save' }).click();
    // Saved: the form gives way to the event as listed (her own text stayed beside the form until then).
    await rowOf(meera).getByRole('button', { name: 'Edit' }).waitFor();
    // The list shows it as read again from the server after the save.
    await expect.poll(() => rowOf(meera).locator('.item-meta').textContent()).toContain('Open-air theatre');
    expect(await event()).toMatchObject({
      description: 'Songs, plays and the prize giving.',
      location: 'Open-air theatre',
    });
    ravi.expectNoProblems();
    meera.expectNoProblems();
    await ravi.close();
    await meera.close();
  });
});
