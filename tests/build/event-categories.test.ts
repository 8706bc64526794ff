/**
 * Calendars by category (issue 35, item 7), on a site in English and Hindi: the school's list of
 * event categories in the settings (its default, refused when two share an address), an event's
 * category checked against it, each category's listing pages (plain links, no JavaScript needed,
 * passing axe in Chromium) and its calendar at /calendars/<slug>.ics, read with ical.js: exactly
 * the category's events of the last 12 months and to come, following an edit, in each language
 * (/hi/calendars/…), with its webcal://, Google Calendar and Outlook links, in `npm run build`'s
 * folder and in the bucket as text/calendar.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarStart } from '../../site/lib/feeds.ts';
import { daysFromToday } from '../public/content.ts';
import { scrollThrough, seriousA11yViolations, watchedPage } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { bucketSynced, testBucket } from '../support/test-bucket.ts';

const bucket = testBucket();
const SITE_URL = 'https://www.school.example';
// The bucket's settings are filled in when it starts: its env object is the one the server gets.
const site = testServer({ admin: true, env: Object.assign(bucket.env, { SITE_URL }) });
const browser = testBrowser();

const DEFAULT_CATEGORIES = ['Holidays', 'Examinations', 'Sports', 'Meetings', 'Celebrations'];

interface Sent {
  title: string;
  date: string;
  category?: string;
}
const sent = ({ title, date, category }: Sent) => ({
  title,
  description: `${title}, for every class.`,
  date,
  ...(category === undefined ? {} : { category }),
});
const EVENTS: Sent[] = [
  { title: 'Term exams', date: daysFromToday(20), category: 'Examinations' },
  { title: 'Board exam results', date: daysFromToday(-30), category: 'Examinations' },
  { title: 'Old exams', date: daysFromToday(-400), category: 'Examinations' },
  { title: 'Football final', date: daysFromToday(10), category: 'Sports' },
  { title: 'Open day', date: daysFromToday(15) },
  { title: 'Blank category', date: daysFromToday(16), category: '' },
];

/** The events (of the content the server keeps, drafts included), by title. */
async function storedEvents(): Promise<{ _id: string; title: string; date: string; category?: string }[]> {
  return (await site.asAdmin('GET', '/api/admin/content')).body.events;
}

async function page(path: string): Promise<string> {
  const answer = await fetch(site.url + path);
  expect(answer.status, path).toBe(200);
  return answer.text();
}

/** The summaries of the VEVENTs of the calendar at `path`, read with ical.js, and its name. */
async function calendar(path: string, text?: string) {
  const answer = text === undefined ? await fetch(site.url + path) : null;
  if (answer) expect(answer.status, path).toBe(200);
  const component = new ICAL.Component(ICAL.parse(text ?? (await answer!.text())));
  const events = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return {
    type: answer?.headers.get('content-type'),
    name: component.getFirstPropertyValue('x-wr-calname'),
    summaries: events.map((event) => event.summary).sort(),
  };
}

const itemTitles = (html: string) => Array.from(html.matchAll(/class="item-open">([^<]+)</g), (match) => match[1]!);
/** The links of the row of category links on a page, with the one marked current. */
function categoryRow(html: string) {
  const nav = /<nav class="category-links"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return Array.from(nav.matchAll(/<a href="([^"]+)"( aria-current="(page|true)")?[^>]*>([^<]+)<\/a>/g), (match) => ({
    href: match[1],
    text: match[4]!.trim(),
    ...(match[3] ? { current: match[3] } : {}),
  }));
}

let out: string;

beforeAll(async () => {
  expect((await site.asAdmin('PUT', '/api/settings', { json: { languages: ['en', 'hi'] } })).status).toBe(200);
  for (const event of EVENTS) {
    expect((await site.asAdmin('POST', '/api/events', { json: sent(event) })).status, event.title).toBe(201);
  }
  await bucketSynced(site);
}, 300_000);

describe('the list of event categories', () => {
  it('is the five of the default, in their order, until the school edits it', async () => {
    expect((await site.call('GET', '/api/settings')).body.eventCategories).toEqual(DEFAULT_CATEGORIES);
  });

  it('refuses two categories with one address, or a category without letters or digits, and changes nothing', async () => {
    const before = await site.call('GET', '/api/settings');
    for (const [eventCategories, message] of [
      [
        ['Sports Day', 'sports-day'],
        /"Sports Day" and "sports-day" would share the address \/calendars\/sports-day\.ics/,
      ],
      [['Exams', '???'], /"\?\?\?" must contain letters or digits/],
      [['Exams', ''], /An event category cannot be empty/],
    ] as const) {
      const answer = await site.asAdmin('PUT', '/api/settings', { json: { eventCategories } });
      expect(answer.status, String(eventCategories)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const after = await site.call('GET', '/api/settings');
    expect(after.body.eventCategories).toEqual(DEFAULT_CATEGORIES);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });
});

describe("an event's category", () => {
  it('is kept as sent, and an empty one is none', async () => {
    const events = await storedEvents();
    expect(events.find((event) => event.title === 'Term exams')?.category).toBe('Examinations');
    expect(events.find((event) => event.title === 'Open day')).not.toHaveProperty('category');
    expect(events.find((event) => event.title === 'Blank category')).not.toHaveProperty('category');
  });

  it('must be one of the list: another is refused with 400 and nothing changes', async () => {
    const before = await storedEvents();
    const added = await site.asAdmin('POST', '/api/events', {
      json: sent({ title: 'Picnic', date: daysFromToday(5), category: 'Picnics' }),
    });
    expect(added.status).toBe(400);
    expect(added.body.message).toBe(
      'The category "Picnics" is not one of the event categories (Holidays, Examinations, Sports, Meetings, Celebrations): choose one of them or none',
    );
    const exams = before.find((event) => event.title === 'Term exams')!;
    const edited = await site.asAdmin('PUT', `/api/events/${exams._id}`, {
      json: { ...sent({ title: 'Term exams', date: exams.date, category: 'Picnics' }) },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toMatch(/"Picnics" is not one of the event categories/);
    expect(await storedEvents()).toEqual(before);
  });
});

describe("a category's pages", () => {
  it('list only its events, upcoming and past by year, linked by plain links from /eventsnews', async () => {
    const eventsNews = await page('/eventsnews');
    // "All" and each category that has events, in the list's order.
    expect(categoryRow(eventsNews)).toEqual([
      { href: '/eventsnews', text: 'All', current: 'page' },
      { href: '/eventsnews/categories/examinations', text: 'Examinations' },
      { href: '/eventsnews/categories/sports', text: 'Sports' },
    ]);
    const exams = await page('/eventsnews/categories/examinations');
    expect(itemTitles(exams)).toEqual(['Term exams']);
    expect(categoryRow(exams)).toEqual([
      { href: '/eventsnews/events', text: 'All' },
      { href: '/eventsnews/categories/examinations', text: 'Examinations', current: 'page' },
      { href: '/eventsnews/categories/sports', text: 'Sports' },
    ]);
    const year = daysFromToday(-30).slice(0, 4);
    const oldYear = daysFromToday(-400).slice(0, 4);
    expect(exams).toContain(`href="/eventsnews/categories/examinations/past/${year}"`);
    expect(exams).toContain(`href="/eventsnews/categories/examinations/past/${oldYear}"`);
    expect(itemTitles(await page(`/eventsnews/categories/examinations/past/${oldYear}`))).toContain('Old exams');
    const past = await page(`/eventsnews/categories/examinations/past/${year}`);
    expect(itemTitles(past)).toContain('Board exam results');
    expect(itemTitles(past)).not.toContain('Old exams');
    expect(itemTitles(await page('/eventsnews/categories/sports'))).toEqual(['Football final']);
    // The events archive has the row too, "All" marked.
    expect(categoryRow(await page('/eventsnews/events'))[0]).toEqual({
      href: '/eventsnews/events',
      text: 'All',
      current: 'page',
    });
    expect((await fetch(`${site.url}/eventsnews/categories/meetings/2`)).status).toBe(404);
  });

  it('offer its calendar: the file, webcal://, Google Calendar and Outlook', async () => {
    const exams = await page('/eventsnews/categories/examinations');
    const address = `${SITE_URL}/calendars/examinations.ics`;
    const webcal = 'webcal://www.school.example/calendars/examinations.ics';
    expect(exams).toContain('href="/calendars/examinations.ics"');
    expect(exams).toContain(`href="${webcal}"`);
    expect(exams).toContain(`href="https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}"`);
    const name = encodeURIComponent('Sunridge Valley School: Examinations');
    expect(exams).toContain(
      `href="https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(address)}&amp;name=${name}"`,
    );
    // /eventsnews's calendar of every event gets the same companions.
    const eventsNews = await page('/eventsnews');
    expect(eventsNews).toContain('href="/events.ics"');
    expect(eventsNews).toContain(
      `href="https://calendar.google.com/calendar/render?cid=${encodeURIComponent('webcal://www.school.example/events.ics')}"`,
    );
    expect(eventsNews).toContain(
      `href="https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(`${SITE_URL}/events.ics`)}&amp;name=${encodeURIComponent('Sunridge Valley School: Events')}"`,
    );
  });

  it('have no serious accessibility problem and work without JavaScript', { timeout: 60_000 }, async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser().newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
      const tab = await context.newPage();
      await tab.goto(`${site.url}/eventsnews`);
      await tab
        .getByRole('navigation', { name: 'Event categories' })
        .getByRole('link', { name: 'Examinations' })
        .click();
      await tab.waitForURL(`${site.url}/eventsnews/categories/examinations`);
      expect(await tab.getByRole('heading', { level: 1 }).textContent()).toContain('Examinations: upcoming events');
      await expect.poll(() => tab.getByText('Term exams').count()).toBeGreaterThan(0);
      if (javaScriptEnabled) {
        expect(await seriousA11yViolations(tab)).toEqual([]);
        await tab.goto(`${site.url}/eventsnews`);
        expect(await seriousA11yViolations(tab)).toEqual([]);
      }
      await context.close();
    }
    const watched = await watchedPage(browser(), { viewport: { width: 375, height: 740 } });
    await watched.page.goto(`${site.url}/hi/eventsnews/categories/examinations`);
    await scrollThrough(watched.page);
    await watched.settled();
    expect(await seriousA11yViolations(watched.page)).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });
  it('are valid HTML (Nu Html Checker)', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'category-pages-'));
    try {
      const year = daysFromToday(-30).slice(0, 4);
      const paths = [
        '/eventsnews',
        '/eventsnews/events',
        '/eventsnews/categories/examinations',
        `/eventsnews/categories/examinations/past/${year}`,
      ];
      const files = await Promise.all(
        paths.map(async (path, n) => {
          const file = join(dir, `page-${n}.html`);
          await writeFile(file, await page(path));
          return file;
        }),
      );
      const vnu = join(process.cwd(), 'node_modules/vnu-jar/build/dist/vnu.jar');
      const { stdout, stderr } = await promisify(execFile)(
        'java',
        ['-jar', vnu, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      const { messages } = JSON.parse(stderr || stdout) as { messages: { url: string; message: string }[] };
      expect(messages.map((message) => `${message.url}: ${message.message}`)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a category's calendar", () => {
  it('holds exactly its events of the last 12 months and to come, read with ical.js', async () => {
    const since = calendarStart(new Date(), (await site.call('GET', '/api/settings')).body.timeZone);
    const expected = EVENTS.filter((event) => event.category === 'Examinations' && event.date >= since);
    const exams = await calendar('/calendars/examinations.ics');
    expect(exams.type).toBe('text/calendar; charset=utf-8');
    expect(exams.name).toBe('Sunridge Valley School: Examinations');
    expect(exams.summaries).toEqual(expected.map((event) => event.title).sort());
    expect(exams.summaries).toEqual(['Board exam results', 'Term exams']);
    expect((await calendar('/calendars/sports.ics')).summaries).toEqual(['Football final']);
    // A category without events has its calendar all the same, empty until it has some.
    expect((await calendar('/calendars/meetings.ics')).summaries).toEqual([]);
    expect((await fetch(`${site.url}/calendars/picnics.ics`)).status).toBe(404);
  });

  it('has its own in each language of the site, linked from that language’s pages', async () => {
    const hindi = await calendar('/hi/calendars/examinations.ics');
    expect(hindi.summaries).toEqual(['Board exam results', 'Term exams']);
    const text = await page('/hi/calendars/examinations.ics');
    expect(text.replace(/\r\n /g, '')).toContain(`URL;VALUE=URI:${SITE_URL}/hi/eventsnews\r\n`);
    const hindiPage = await page('/hi/eventsnews/categories/examinations');
    expect(hindiPage).toContain('href="/hi/calendars/examinations.ics"');
    expect(hindiPage).toContain('href="webcal://www.school.example/hi/calendars/examinations.ics"');
    expect(categoryRow(await page('/hi/eventsnews')).map((link) => link.href)).toEqual([
      '/hi/eventsnews',
      '/hi/eventsnews/categories/examinations',
      '/hi/eventsnews/categories/sports',
    ]);
  });

  it('is in the bucket as text/calendar and in `npm run build`', { timeout: 120_000 }, async () => {
    const object = await bucket.object('calendars/examinations.ics');
    expect(object?.type).toBe('text/calendar; charset=utf-8');
    expect((await calendar('', object!.text)).summaries).toEqual(['Board exam results', 'Term exams']);
    expect((await bucket.object('hi/calendars/examinations.ics'))?.type).toBe('text/calendar; charset=utf-8');
    out = join(site.dataDir, '..', 'static-out');
    await promisify(execFile)(process.execPath, ['admin-api/build/cli.ts', '--out', out], {
      env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir, SITE_URL },
    });
    const built = await readFile(join(out, 'calendars', 'examinations.ics'), 'utf8');
    expect((await calendar('', built)).summaries).toEqual(['Board exam results', 'Term exams']);
    expect(await readFile(join(out, 'hi', 'calendars', 'sports.ics'), 'utf8')).toContain('SUMMARY:Football final');
    const listing = await readFile(join(out, 'eventsnews', 'categories', 'examinations', 'index.html'), 'utf8');
    expect(itemTitles(listing)).toEqual(['Term exams']);
  });

  it('follows an edit: an exam added appears, and leaves when its category changes', { timeout: 60_000 }, async () => {
    const added = await site.asAdmin('POST', '/api/events', {
      json: sent({ title: 'Science practical exam', date: daysFromToday(25), category: 'Examinations' }),
    });
    expect(added.status).toBe(201);
    await site.waitUntilLive();
    expect((await calendar('/calendars/examinations.ics')).summaries).toContain('Science practical exam');
    expect((await calendar('/hi/calendars/examinations.ics')).summaries).toContain('Science practical exam');
    expect(itemTitles(await page('/eventsnews/categories/examinations'))).toEqual([
      'Term exams',
      'Science practical exam',
    ]);

    const practical = (await storedEvents()).find((event) => event.title === 'Science practical exam')!;
    const moved = await site.asAdmin('PUT', `/api/events/${practical._id}`, {
      json: sent({ title: practical.title, date: practical.date, category: 'Sports' }),
    });
    expect(moved.status).toBe(200);
    await site.waitUntilLive();
    expect((await calendar('/calendars/examinations.ics')).summaries).toEqual(['Board exam results', 'Term exams']);
    expect((await calendar('/calendars/sports.ics')).summaries).toEqual(['Football final', 'Science practical exam']);
    expect(itemTitles(await page('/eventsnews/categories/examinations'))).toEqual(['Term exams']);
  });

  it('an event keeps a category the school removed from its list, then listed in no category', {
    timeout: 60_000,
  }, async () => {
    const settings = await site.call('GET', '/api/settings');
    const without = DEFAULT_CATEGORIES.filter((name) => name !== 'Sports');
    const saved = await site.asAdmin('PUT', '/api/settings', {
      json: { eventCategories: without },
      headers: { 'If-Match': settings.headers.get('etag')! },
    });
    expect(saved.status).toBe(200);
    const football = (await storedEvents()).find((event) => event.title === 'Football final')!;
    expect(football.category).toBe('Sports');
    // Saved again with the category it has, it keeps it.
    const resaved = await site.asAdmin('PUT', `/api/events/${football._id}`, {
      json: sent({ title: 'Football final', date: football.date, category: 'Sports' }),
    });
    expect(resaved.status).toBe(200);
    await site.waitUntilLive();
    expect(categoryRow(await page('/eventsnews')).map((link) => link.text)).toEqual(['All', 'Examinations']);
    expect((await fetch(`${site.url}/calendars/sports.ics`)).status).toBe(404);
    expect((await fetch(`${site.url}/eventsnews/categories/sports`)).status).toBe(404);
  });
});
