/**
 * GET and PUT /api/settings: the school's details, any subset changed at a time, every field
 * checked; the time zone decides what is past; a rename moves the about pages and leaves
 * permanent redirects at the old addresses.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../admin-api/store/default-settings.ts';
import { dateInZone } from '../../site/contract/dates.ts';
import { testServer } from '../support/harness.ts';
import { changedBy, content } from './helpers.ts';

const site = testServer({ admin: true });

const putSettings = (json: unknown, token: string = site.token) => site.call('PUT', '/api/settings', { token, json });
const settingsNow = async () => (await site.call('GET', '/api/settings')).body;
const page = (path: string) => fetch(site.url + path, { redirect: 'manual' });

describe('GET /api/settings', () => {
  it('answers anyone the settings of a fresh install: the spec’s school, office hours and calendar', async () => {
    const answer = await site.call('GET', '/api/settings');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(defaultSettings());
    expect(answer.body).toMatchObject({
      schoolName: 'Sunridge Valley School',
      phone: '+91 80 4000 1234',
      email: 'office@sunridgevalley.example',
      timeZone: 'Asia/Kolkata',
      digestTime: '17:00',
      digestDay: 'friday',
      officeHours: [
        { days: 'Mon-Fri', hours: '8:00 AM-4:00 PM' },
        { days: 'Sat', hours: '9:00 AM-1:00 PM' },
        { days: 'Sun', hours: 'Closed' },
      ],
      calendar: { year: '2024-25' },
    });
    expect(typeof answer.body.tagline).toBe('string');
    expect(typeof answer.body.address).toBe('string');
    expect((await content(site.url)).settings).toEqual(answer.body);
  });
});

describe('PUT /api/settings', () => {
  it('refuses a visitor without a token (401) and changes nothing', async () => {
    const before = await settingsNow();
    for (const withToken of ['', 'not-a-token']) {
      const answer = await putSettings({ phone: '+91 99 9999 9999' }, withToken);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect(await settingsNow()).toEqual(before);
  });

  it('changes the fields sent, keeps the rest, and answers the whole settings', async () => {
    const before = await settingsNow();
    const answer = await putSettings({
      phone: ' +91 80 4000 9999 ',
      officeHours: [{ days: 'Mon-Sat', hours: '8:30 AM-3:30 PM' }],
      social: { linkedin: 'https://www.linkedin.com/school/sunridge-valley-example', x: '' },
      unknownField: 'dropped',
    });
    expect(answer.status).toBe(200);
    const expected = {
      ...before,
      phone: '+91 80 4000 9999',
      officeHours: [{ days: 'Mon-Sat', hours: '8:30 AM-3:30 PM' }],
      social: { ...before.social, linkedin: 'https://www.linkedin.com/school/sunridge-valley-example', x: '' },
    };
    // Staff answers also say who last changed the details (never public).
    expect(answer.body).toEqual({ ...expected, ...changedBy('admin') });
    expect(await settingsNow()).toEqual(expected);

    await site.waitUntilLive();
    const contact = await (await page('/contact')).text();
    expect(contact).toContain('+91 80 4000 9999');
    expect(contact).toContain('href="tel:+918040009999"');
    expect(contact).toContain('Mon-Sat');
    expect(contact).toContain('aria-label="Sunridge Valley School on LinkedIn"');
    expect(contact).not.toContain('on X"');
  });

  it('refuses each bad field with 400 and a message naming it, changing nothing', async () => {
    const before = await settingsNow();
    const cases: [unknown, RegExp][] = [
      [{ schoolName: '' }, /school name is required/],
      [{ schoolName: 42 }, /school name must be text/],
      [{ schoolName: '***' }, /letters or digits/],
      [{ schoolName: 'x'.repeat(121) }, /school name must be at most 120 characters/],
      [{ shortName: ' ' }, /short name is required/],
      [{ tagline: null }, /tagline/],
      [{ address: '' }, /address is required/],
      [{ phone: 'call us' }, /phone number/],
      [{ email: 'office-at-school' }, /e-mail address is not valid/],
      [{ officeHours: 'Mon-Fri' }, /office hours must be a list/],
      [{ officeHours: [{ days: 'Mon', hours: '' }] }, /office hours row needs its hours/],
      [{ social: { facebook: 'javascript:alert(1)' } }, /Facebook link must be a web address/],
      [{ social: { youtube: 'www.youtube.com/x' } }, /YouTube link must be a web address/],
      [{ aboutIntro: '' }, /introduction is required/],
      [{ vision: ['x'] }, /vision must be text/],
      [{ values: [{ title: 'Kindness' }] }, /value needs a text/],
      [{ reasons: [{ title: '', text: 'x' }] }, /reason needs a title/],
      [
        { programmes: [{ name: 'Primary', classes: '1-5', text: '', streams: 'Science' }] },
        /streams of a programme must be a list/,
      ],
      [{ curriculum: [''] }, /curriculum line cannot be empty/],
      [{ calendar: { year: '2025-26' } }, /calendar entries must be a list/],
      [{ calendar: { year: '', terms: [] } }, /calendar year is required/],
      [{ leaderNames: { president: 'Dr. A' } }, /name is required/],
      [{ timeZone: 'Mars/Olympus' }, /time zone must be a time zone name/],
      [{ timeZone: '+05:30' }, /time zone must be a time zone name/],
      [{ timeZone: 5.5 }, /time zone must be text/],
      [{ digestTime: '5pm' }, /digest time must be a time of day such as 17:00/],
      [{ digestTime: '24:00' }, /digest time must be a time of day such as 17:00/],
      [{ digestDay: 'someday' }, /digest day must be one of monday, tuesday/],
      [['schoolName'], /must be a JSON object/],
      [{}, /at least one of the settings/],
      [{ formerSlugs: ['x'], colour: 'red' }, /at least one of the settings/],
    ];
    for (const [body, message] of cases) {
      const answer = await putSettings(body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.message).toMatch(message);
    }
    expect(await settingsNow()).toEqual(before);
  });

  it('keeps the former slugs its own: a client cannot set them', async () => {
    const answer = await putSettings({ formerSlugs: ['admin', 'x'], tagline: 'Learning together' });
    expect(answer.status).toBe(200);
    expect(answer.body.formerSlugs).toEqual([]);
    expect(answer.body.tagline).toBe('Learning together');
  });
});

describe('the time zone', () => {
  // Kiritimati (UTC+14) is always at least a day ahead of Pago Pago (UTC-11).
  const ahead = 'Pacific/Kiritimati';
  const behind = 'Pacific/Pago_Pago';

  it('decides when an event is past and what day a new news item is published', async () => {
    const todayBehind = dateInZone(new Date(), behind);
    const event = { title: 'Open day', description: 'All welcome', date: todayBehind };
    const later = { title: 'Annual day', description: 'On stage', date: '2099-01-01' };
    for (const item of [event, later]) {
      expect((await site.asAdmin('POST', '/api/events', { json: item })).status).toBe(201);
    }
    const titles = async () =>
      (await site.call('GET', '/api/events')).body.map((item: { title: string }) => item.title);

    expect((await putSettings({ timeZone: behind })).body.timeZone).toBe(behind);
    expect(await titles()).toEqual(['Open day', 'Annual day']); // today there: upcoming, soonest first
    const news = await site.asAdmin('POST', '/api/news', { json: { title: 'A', description: 'B' } });
    expect(news.body.at(-1).publishDate).toBe(todayBehind);

    expect((await putSettings({ timeZone: ahead })).body.timeZone).toBe(ahead);
    expect(await titles()).toEqual(['Annual day', 'Open day']); // already yesterday there: past
    await site.waitUntilLive();
    // The page hands the zone to its island, which decides again in the browser.
    expect(await (await page('/eventsnews')).text()).toContain(`timeZone&quot;:[0,&quot;${ahead}&quot;]`);

    await putSettings({ timeZone: 'Asia/Kolkata' });
  });
});

describe('renaming the school', () => {
  it('moves the about pages to the new name and redirects the old addresses permanently', async () => {
    const answer = await putSettings({ schoolName: 'Green Hills Academy', shortName: 'Green Hills' });
    expect(answer.status).toBe(200);
    expect(answer.body.formerSlugs).toEqual(['sunridge-valley-school']);
    await site.waitUntilLive();

    expect((await page('/about/green-hills-academy')).status).toBe(200);
    const why = await page('/about/why-green-hills-academy');
    expect(why.status).toBe(200);
    expect(await why.text()).toContain('Why Green Hills Academy?');
    for (const [from, to] of [
      ['/about/sunridge-valley-school', '/about/green-hills-academy'],
      ['/about/why-sunridge-valley-school', '/about/why-green-hills-academy'],
      ['/about', '/about/green-hills-academy'],
    ]) {
      const moved = await page(from!);
      expect({ from, status: [301, 308].includes(moved.status) }).toEqual({ from, status: true });
      expect(new URL(moved.headers.get('location')!, site.url).pathname).toBe(to);
    }
    expect((await page('/about/some-other-school')).status).toBe(404);
    const home = await (await page('/')).text();
    expect(home).toContain('<title>Home | Green Hills Academy</title>');
    expect(home).toContain('<span class="brand-name">Green Hills Academy</span>');
    expect(home).toContain('href="/about/why-green-hills-academy">Why Green Hills</a>');
    expect(home).not.toContain('href="/about/sunridge-valley-school');
  });

  it('keeps every former address through further renames, and serves a name taken back as a page again', async () => {
    await putSettings({ schoolName: 'Hillcrest Public School' });
    let settings = await settingsNow();
    expect(settings.formerSlugs).toEqual(['green-hills-academy', 'sunridge-valley-school']);
    await site.waitUntilLive();
    for (const old of ['/about/sunridge-valley-school', '/about/green-hills-academy']) {
      const moved = await page(old);
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/about/hillcrest-public-school');
    }

    await putSettings({ schoolName: 'Sunridge Valley School', shortName: 'Sunridge Valley' });
    settings = await settingsNow();
    expect(settings.formerSlugs).toEqual(['hillcrest-public-school', 'green-hills-academy']);
    await site.waitUntilLive();
    expect((await page('/about/sunridge-valley-school')).status).toBe(200);
    expect((await page('/about/green-hills-academy')).headers.get('location')).toBe('/about/sunridge-valley-school');
  });
});
