import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { dateInZone } from '../../site/contract/dates.ts';
import { school } from '../public/default-school.ts';
import { testServer } from '../support/harness.ts';
import { asPublic, changedBy, content, EVENT_FIELDS, PUBLISHED, uploaded, writtenBy } from './helpers.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });
let picture: { imageId: string; originalName: string };
// A new picture for each test: an image is deleted once the last item showing it is deleted.
let shade = 0;
beforeEach(async () => {
  shade += 1;
  picture = await uploaded(
    site.url,
    site.token,
    await solidImage('png', 16, 16, { r: shade, g: 80, b: 80 }),
    'picture.png',
  );
});

const api = (method: string, path: string, json?: unknown) => site.asAdmin(method, path, { json });
/** A calendar day `days` from today in the school's time zone. */
const day = (days: number) => dateInZone(new Date(Date.now() + days * 86_400_000), school.timeZone);
const unknownId = randomUUID();
const NOT_AN_IMAGE = `${'0'.repeat(32)}.png`;

/** Sends each body and expects 400 with its message, with the content unchanged. */
async function expectRefused(method: string, path: string, cases: [body: unknown, message: string | RegExp][]) {
  const before = await content(site.url);
  for (const [body, message] of cases) {
    const answer = await api(method, path, body);
    expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    expect(answer.body.message).toMatch(message);
  }
  expect(await content(site.url)).toEqual(before);
}

/** Expects 404 with `message` for an unknown id and for ids of the wrong form. */
async function expectGone(method: string, pathOf: (id: string) => string, message: string, json?: unknown) {
  for (const id of [unknownId, 'not-an-id', '..%2Fcontent.json', '__proto__', `${unknownId}x`]) {
    const answer = await api(method, pathOf(id), json);
    expect({ id, status: answer.status, body: answer.body }).toEqual({ id, status: 404, body: { message } });
  }
}

describe('events', () => {
  const sportsDay = {
    title: 'Sports day',
    description: 'Races for every class',
    date: '2031-01-15',
    time: '09:30',
    location: 'Main ground',
  };
  let id: string;

  it('adds an event, answering the list that GET /api/content now holds', async () => {
    const answer = await api('POST', '/api/events', { ...sportsDay, image: picture });
    expect(answer.status).toBe(201);
    const added = answer.body.at(-1);
    expect(added).toEqual({
      ...sportsDay,
      image: picture,
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...PUBLISHED,
      ...writtenBy('admin'),
    });
    expect((await content(site.url)).events).toEqual(answer.body.map(asPublic));
    id = added._id;
  });

  it("fills the optional fields and keeps a date-time as the school's calendar day", async () => {
    const answer = await api('POST', '/api/events', {
      title: ' Late show ',
      description: 'Drama',
      date: '2031-05-01T20:00:00Z',
    });
    // 20:00 UTC is 01:30 the next day in the school's time zone (Asia/Kolkata).
    expect(answer.body.at(-1)).toMatchObject({
      title: 'Late show',
      date: '2031-05-02',
      time: '',
      location: '',
      image: null,
    });
  });

  it('refuses an event without title, description or date, or with fields of the wrong type', async () => {
    const REQUIRED = 'Title, description and date are required';
    await expectRefused('POST', '/api/events', [
      [{ description: 'x', date: '2031-01-01' }, REQUIRED],
      [{ title: 'x', date: '2031-01-01' }, REQUIRED],
      [{ title: 'x', description: 'x' }, REQUIRED],
      [{ title: '   ', description: 'x', date: '2031-01-01' }, REQUIRED],
      [{ title: 'x', description: 'x', date: '' }, REQUIRED],
      [{ ...sportsDay, title: 42 }, 'Title must be text'],
      [{ ...sportsDay, description: ['x'] }, 'Description must be text'],
      [{ ...sportsDay, date: 20310115 }, 'Date must be a date (YYYY-MM-DD)'],
      [{ ...sportsDay, date: '2031-02-30' }, 'Date must be a date (YYYY-MM-DD)'],
      [{ ...sportsDay, time: 'noon' }, 'Time must be a time of day (HH:MM)'],
      [{ ...sportsDay, location: 7 }, 'Location must be text'],
      [{ ...sportsDay, title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ ...sportsDay, image: 'picture.png' }, /./],
      [{ ...sportsDay, image: { imageId: '../../etc/passwd' } }, 'The image reference is not valid'],
      [{ ...sportsDay, image: { imageId: NOT_AN_IMAGE } }, 'The image was not found. Please upload it again.'],
      [[sportsDay], 'The request body must be a JSON object'],
    ]);
  });

  it('drops unknown fields and never takes an id from the client', async () => {
    const answer = await api(
      'POST',
      '/api/events',
      JSON.parse(
        `{"title":"Quiz","description":"General knowledge","date":"2031-02-02","_id":"${id}","isAdmin":true,"__proto__":{"polluted":true}}`,
      ),
    );
    const added = answer.body.at(-1);
    expect(added._id).not.toBe(id);
    expect(Object.keys(added).sort()).toEqual([...EVENT_FIELDS, 'author'].sort());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('edits an event with the same body, answering the list', async () => {
    const answer = await api('PUT', `/api/events/${id}`, {
      ...sportsDay,
      title: 'Sports day (moved)',
      date: '2031-01-22',
      image: picture,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.find((e: { _id: string }) => e._id === id)).toMatchObject({
      title: 'Sports day (moved)',
      date: '2031-01-22',
    });
    expect((await content(site.url)).events).toEqual(answer.body.map(asPublic));
    await expectRefused('PUT', `/api/events/${id}`, [
      [{ title: 'x', description: 'y' }, 'Title, description and date are required'],
    ]);
    await expectGone('PUT', (other) => `/api/events/${other}`, 'This event no longer exists', sportsDay);
  });

  it("removes an event's image, then the event", async () => {
    const withoutImage = await api('DELETE', `/api/events/${id}/image`);
    expect(withoutImage.status).toBe(200);
    expect(withoutImage.body.find((e: { _id: string }) => e._id === id).image).toBeNull();
    await expectGone('DELETE', (other) => `/api/events/${other}/image`, 'This event no longer exists');

    const remaining = await api('DELETE', `/api/events/${id}`);
    expect(remaining.status).toBe(200);
    expect(remaining.body.map((e: { _id: string }) => e._id)).not.toContain(id);
    expect((await content(site.url)).events).toEqual(remaining.body.map(asPublic));
    expect(await api('DELETE', `/api/events/${id}`)).toMatchObject({
      status: 404,
      body: { message: 'This event no longer exists' },
    });
  });

  it('answers no list to a client that prefers a minimal answer (the dashboard), and writes all the same', async () => {
    const minimal = (method: string, path: string, json?: unknown) =>
      site.asAdmin(method, path, { json, headers: { Prefer: 'return=minimal' } });
    const expectMinimal = (answer: { status: number; body: unknown; headers: Headers }, status: number) => {
      expect({ status: answer.status, body: answer.body }).toEqual({ status, body: '' });
      expect(answer.headers.get('preference-applied')).toBe('return=minimal');
      expect(answer.headers.get('etag')).toMatch(/^".+"$/);
    };

    const added = await minimal('POST', '/api/events', { ...sportsDay, title: 'Minimal day' });
    expectMinimal(added, 201);
    const stored = (await content(site.url)).events.find((e: { title: string }) => e.title === 'Minimal day');
    expect(stored).toMatchObject({ ...sportsDay, title: 'Minimal day' });

    const edited = await minimal('PUT', `/api/events/${stored._id}`, { ...sportsDay, title: 'Minimal day (moved)' });
    expectMinimal(edited, 200);
    expect((await content(site.url)).events.map((e: { title: string }) => e.title)).toContain('Minimal day (moved)');

    const removed = await minimal('DELETE', `/api/events/${stored._id}`);
    expectMinimal(removed, 200);
    expect((await content(site.url)).events.map((e: { _id: string }) => e._id)).not.toContain(stored._id);
    // A refusal still says why.
    expect(await minimal('DELETE', `/api/events/${stored._id}`)).toMatchObject({
      status: 404,
      body: { message: 'This event no longer exists' },
    });
  });

  it('lists events publicly: upcoming soonest first, then past newest first', async () => {
    for (const [title, days] of [
      ['In ten days', 10],
      ['Long ago', -30],
      ['In three days', 3],
      ['Last week', -7],
    ] as const) {
      await api('POST', '/api/events', { title, description: 'x', date: day(days) });
    }
    const answer = await site.call('GET', '/api/events');
    expect(answer.status).toBe(200);
    const titles = answer.body.map((e: { title: string }) => e.title);
    const order = ['In three days', 'In ten days', 'Quiz', 'Late show', 'Last week', 'Long ago'];
    expect(titles.filter((t: string) => order.includes(t))).toEqual(order);
  });
});

describe('news', () => {
  it('adds news published today (school time) by default, with medium priority and no expiry', async () => {
    const answer = await api('POST', '/api/news', { title: 'Holiday', description: 'School closed on Friday' });
    expect(answer.status).toBe(201);
    expect(answer.body.at(-1)).toEqual({
      _id: expect.any(String),
      title: 'Holiday',
      description: 'School closed on Friday',
      publishDate: day(0),
      expiryDate: null,
      priority: 'medium',
      image: null,
      ...PUBLISHED,
      ...writtenBy('admin'),
    });
    expect((await content(site.url)).news).toEqual(answer.body.map(asPublic));
  });

  it('refuses news without title or description, a wrong priority, or an expiry before publishing', async () => {
    const REQUIRED = 'Title and description are required';
    const EXPIRY = 'The expiry date cannot be before the publish date';
    await expectRefused('POST', '/api/news', [
      [{ description: 'x' }, REQUIRED],
      [{ title: 'x' }, REQUIRED],
      [{ title: 'x', description: ' ' }, REQUIRED],
      [{ title: 'x', description: 'y', priority: 'urgent' }, 'Priority must be low, medium or high'],
      [{ title: 'x', description: 'y', publishDate: 'tomorrow' }, 'Publish date must be a date (YYYY-MM-DD)'],
      [{ title: 'x', description: 'y', expiryDate: 5 }, 'Expiry date must be a date (YYYY-MM-DD)'],
      [{ title: 'x', description: 'y', publishDate: '2031-03-10', expiryDate: '2031-03-09' }, EXPIRY],
      [{ title: 'x', description: 'y', expiryDate: day(-1) }, EXPIRY],
      [
        { title: 'x', description: 'y', image: { imageId: NOT_AN_IMAGE } },
        'The image was not found. Please upload it again.',
      ],
    ]);
  });

  it('edits news, keeping its publish date when none is sent; removes its image; deletes it', async () => {
    const added = await api('POST', '/api/news', {
      title: 'Fees',
      description: 'Due',
      publishDate: day(-3),
      image: picture,
    });
    const { _id } = added.body.at(-1);
    const edited = await api('PUT', `/api/news/${_id}`, {
      title: 'Fees (updated)',
      description: 'Due soon',
      priority: 'high',
      image: picture,
    });
    expect(edited.body.find((n: { _id: string }) => n._id === _id)).toMatchObject({
      title: 'Fees (updated)',
      publishDate: day(-3),
      priority: 'high',
      image: picture,
    });
    await expectGone('PUT', (id) => `/api/news/${id}`, 'This news item no longer exists', {
      title: 'x',
      description: 'y',
    });

    const noImage = await api('DELETE', `/api/news/${_id}/image`);
    expect(noImage.body.find((n: { _id: string }) => n._id === _id).image).toBeNull();
    await expectGone('DELETE', (id) => `/api/news/${id}/image`, 'This news item no longer exists');

    const remaining = await api('DELETE', `/api/news/${_id}`);
    expect(remaining.body.map((n: { _id: string }) => n._id)).not.toContain(_id);
    expect((await content(site.url)).news).toEqual(remaining.body.map(asPublic));
    await expectGone('DELETE', (id) => `/api/news/${id}`, 'This news item no longer exists');
  });

  it('lists only current news publicly: high priority first, then the newest', async () => {
    const items: [string, number, number | null, string][] = [
      ['Old but high', -10, null, 'high'],
      ['New and low', -1, null, 'low'],
      ['Newest high', -2, 5, 'high'],
      ['Expired', -10, -1, 'high'],
      ['Not yet', 2, null, 'high'],
      ['Medium', -4, 0, 'medium'],
    ];
    for (const [title, published, expires, priority] of items) {
      const answer = await api('POST', '/api/news', {
        title,
        description: 'x',
        publishDate: day(published),
        expiryDate: expires === null ? null : day(expires),
        priority,
      });
      expect(answer.status).toBe(201);
    }
    const titles = (await site.call('GET', '/api/news')).body.map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Newest high', 'Old but high', 'Holiday', 'Medium', 'New and low']);
  });
});

describe('logos', () => {
  it('adds a logo from an uploaded image and deletes it, answering the logo list', async () => {
    const added = await api('POST', '/api/logos', picture);
    expect(added.status).toBe(201);
    expect(added.body).toEqual([{ _id: expect.any(String), ...picture, ...changedBy('admin') }]);
    expect((await content(site.url)).logos).toEqual(added.body.map(asPublic));

    await expectRefused('POST', '/api/logos', [
      [{}, 'An image is required'],
      [{ imageId: 'logo.png' }, 'The image reference is not valid'],
      [{ imageId: NOT_AN_IMAGE }, 'The image was not found. Please upload it again.'],
      [{ ...picture, originalName: 5 }, 'The image name must be text'],
    ]);

    const remaining = await api('DELETE', `/api/logos/${added.body[0]._id}`);
    expect(remaining).toMatchObject({ status: 200, body: [] });
    expect((await content(site.url)).logos).toEqual([]);
    await expectGone('DELETE', (id) => `/api/logos/${id}`, 'This logo no longer exists');
  });
});

describe('home gallery and gallery', () => {
  for (const [list, captionMessage] of [
    ['homegallery', 'Please provide a caption for the home gallery image'],
    ['gallery', 'Please provide a caption for the image'],
  ] as const) {
    it(`adds a photo with its caption to ${list} and deletes it, answering the list`, async () => {
      const added = await api('POST', `/api/${list}`, { ...picture, caption: ' Our new library ' });
      expect(added.status).toBe(201);
      expect(added.body.at(-1)).toEqual({
        _id: expect.any(String),
        imageId: picture.imageId,
        caption: 'Our new library',
        ...PUBLISHED,
        ...writtenBy('admin'),
      });
      const stored = await content(site.url);
      expect(stored[list]).toEqual(added.body.map(asPublic));

      await expectRefused('POST', `/api/${list}`, [
        [{ ...picture }, captionMessage],
        [{ ...picture, caption: '   ' }, captionMessage],
        [{ ...picture, caption: 12 }, 'Caption must be text'],
        [{ caption: 'x' }, 'An image is required'],
        [{ imageId: NOT_AN_IMAGE, caption: 'x' }, 'The image was not found. Please upload it again.'],
      ]);

      const remaining = await api('DELETE', `/api/${list}/${added.body.at(-1)._id}`);
      expect(remaining).toMatchObject({ status: 200, body: [] });
      expect((await content(site.url))[list]).toEqual([]);
      await expectGone('DELETE', (id) => `/api/${list}/${id}`, 'This photo no longer exists');
    });
  }
});

describe('leadership images', () => {
  const roles = ['president', 'secretary', 'correspondent', 'headmistress', 'honoraryPresident'];

  it('sets and removes the image of each of the five roles, answering the full content', async () => {
    for (const role of roles) {
      const set = await api('PUT', `/api/person-image/${role}`, picture);
      expect(set.status).toBe(200);
      expect(set.body[`${role}Image`]).toEqual(picture);
      expect(set.body.presidentMessage).toEqual(expect.any(String));
      // Staff answers say who last changed each leader's photo; visitors get the photo alone.
      expect(set.body.leadershipUpdated[role]).toEqual(changedBy('admin').updated);
      expect((await site.asAdmin('GET', '/api/admin/content')).body).toEqual(set.body);
      const visible = await content(site.url);
      expect(visible[`${role}Image`]).toEqual(picture);
      expect(visible).not.toHaveProperty('leadershipUpdated');
    }
    for (const role of roles) {
      const removed = await api('DELETE', `/api/person-image/${role}`);
      expect(removed.status).toBe(200);
      expect(removed.body[`${role}Image`]).toBeNull();
    }
    expect(await content(site.url)).toMatchObject(Object.fromEntries(roles.map((role) => [`${role}Image`, null])));
  });

  it('knows no other role, and refuses a body that is not an image reference', async () => {
    for (const role of ['principal', 'President', '__proto__', 'constructor', 'presidentImage', '..%2Fcontent']) {
      for (const method of ['PUT', 'DELETE']) {
        const answer = await api(method, `/api/person-image/${role}`, method === 'PUT' ? picture : undefined);
        expect({ role, method, status: answer.status }).toEqual({ role, method, status: 404 });
        expect(answer.body.message).toMatch(/There is no such leadership role/);
      }
    }
    await expectRefused('PUT', '/api/person-image/president', [
      [{}, 'An image is required'],
      [{ imageId: NOT_AN_IMAGE }, 'The image was not found. Please upload it again.'],
    ]);
  });
});
