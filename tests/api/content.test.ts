import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { buildStatus, changedBy, content, EVENT_FIELDS, uploaded } from './helpers.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });

const putContent = (json: unknown, headers: Record<string, string> = {}) =>
  site.asAdmin('PUT', '/api/content', { json, headers });

describe('GET /api/content', () => {
  it('answers the whole document with an ETag, and 304 while it is unchanged', async () => {
    const answer = await site.call('GET', '/api/content');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        'logos',
        'homegallery',
        'gallery',
        'events',
        'news',
        'presidentMessage',
        'presidentImage',
        'secretaryMessage',
        'secretaryImage',
        'correspondentMessage',
        'correspondentImage',
        'headmistressMessage',
        'headmistressImage',
        'honoraryPresidentMessage',
        'honoraryPresidentImage',
        'settings',
        'pages',
        'circulars',
        // How long personal data is kept: the privacy page states it (issue 23).
        'retention',
        // The urgent notices showing now (issue 21).
        'alerts',
        // The media library's alt texts, and the old ids of replaced documents (issue 22).
        'imageAlts',
        'documentAliases',
      ].sort(),
    );
    expect(answer.body.retention).toEqual({ messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 });
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await site.call('GET', '/api/content', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('PUT /api/content', () => {
  it('saves the whole document with one message changed and answers the full content', async () => {
    const before = await content(site.url);
    const text = 'Dear parents,\nour new science block opens in June. <b>Welcome!</b>';
    const answer = await putContent({ ...before, headmistressMessage: text });
    expect(answer.status).toBe(200);
    // Staff answers also say who last changed each leader's message (never public).
    expect(answer.body).toEqual({
      ...before,
      headmistressMessage: text,
      leadershipUpdated: { headmistress: changedBy('admin').updated },
    });
    expect((await site.asAdmin('GET', '/api/admin/content')).body).toEqual(answer.body);
    expect(await content(site.url)).toEqual({ ...before, headmistressMessage: text });
  });

  it('drops unknown fields, and __proto__ in the body has no effect', async () => {
    const before = await content(site.url);
    const body = JSON.parse(
      JSON.stringify({
        ...before,
        secret: 'x',
        events: [{ _id: crypto.randomUUID(), title: 'Fair', description: 'Stalls', date: '2031-01-01', extra: 1 }],
      }).replace(/^\{/, '{"__proto__":{"isAdmin":true},'),
    );
    const answer = await putContent(body);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('secret');
    expect(answer.body).not.toHaveProperty('isAdmin');
    expect(Object.keys(answer.body.events[0]).sort()).toEqual(EVENT_FIELDS);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("says itself who last changed each leader's message: a client cannot", async () => {
    const stored = (await site.asAdmin('GET', '/api/admin/content')).body;
    const forged = { president: { at: '2099-01-01T00:00:00.000Z', by: 'mallory' } };
    const unchanged = await putContent({ ...stored, leadershipUpdated: forged });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.leadershipUpdated).toEqual(stored.leadershipUpdated);
    const changed = await putContent({ ...stored, secretaryMessage: 'From the secretary', leadershipUpdated: forged });
    expect(changed.status).toBe(200);
    expect(changed.body.leadershipUpdated).toEqual({
      ...stored.leadershipUpdated,
      secretary: changedBy('admin').updated,
    });
  });

  it('refuses a document that breaks the schema or names an image that is not stored, changing nothing', async () => {
    const before = await content(site.url);
    const cases: [unknown, string | RegExp][] = [
      [{ ...before, events: 'none' }, /./],
      [{ ...before, presidentMessage: 5 }, 'The president message must be text'],
      [
        { ...before, presidentImage: { imageId: `${'1'.repeat(32)}.jpg` } },
        'The image was not found. Please upload it again.',
      ],
      [{ ...before, gallery: [{ _id: 'x', imageId: 'y', caption: 'z' }] }, /./],
      [
        {
          ...before,
          news: [
            {
              _id: crypto.randomUUID(),
              title: 'a',
              description: 'b',
              publishDate: '2031-02-02',
              expiryDate: '2031-02-01',
            },
          ],
        },
        'The expiry date cannot be before the publish date',
      ],
      [{ presidentMessage: 'Only this' }, /^The content is incomplete \(missing: logos, homegallery, .*\)$/],
      [{}, /^The content is incomplete/],
      ['a string', 'The request body must be a JSON object'],
      [null, 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const answer = await putContent(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await content(site.url)).toEqual(before);
  });

  it('accepts stored images anywhere in the document', async () => {
    const image = await uploaded(site.url, site.token, await solidImage('png'));
    const before = await content(site.url);
    const answer = await putContent({
      ...before,
      correspondentImage: image,
      logos: [{ _id: crypto.randomUUID(), ...image }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.correspondentImage).toEqual(image);
  });

  it('honours If-Match: a stale version is refused with 412, the current one is saved', async () => {
    const first = await site.call('GET', '/api/content');
    const staleTag = first.headers.get('etag')!;
    const saved = await putContent({ ...first.body, secretaryMessage: 'From the first tab' }, { 'If-Match': staleTag });
    expect(saved.status).toBe(200);
    const currentTag = saved.headers.get('etag')!;
    expect(currentTag).not.toBe(staleTag);
    expect((await site.call('GET', '/api/content')).headers.get('etag')).toBe(currentTag);

    const stale = await putContent(
      { ...first.body, presidentMessage: 'From a tab that missed it' },
      { 'If-Match': staleTag },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/changed meanwhile/);
    expect((await content(site.url)).secretaryMessage).toBe('From the first tab');

    const fresh = await putContent({ ...saved.body, presidentMessage: 'Now up to date' }, { 'If-Match': currentTag });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ secretaryMessage: 'From the first tab', presidentMessage: 'Now up to date' });
  });
});

describe('request bodies', () => {
  it('must be JSON objects of a sensible size', async () => {
    const notJson = await fetch(`${site.url}/api/events`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.token}`, 'Content-Type': 'text/plain' },
      body: 'title=x',
    });
    expect(notJson.status).toBe(415);
    expect(await notJson.json()).toEqual({ message: 'Send the data as JSON' });

    const broken = await fetch(`${site.url}/api/events`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.token}`, 'Content-Type': 'application/json' },
      body: '{"title": "x",',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON' });

    // Both are answered with the message (and not a broken connection) while the rest is sent.
    const event = { title: 'x', description: 'y'.repeat(1_100_000), date: '2031-01-01' };
    const big = await site.asAdmin('POST', '/api/events', { json: event });
    expect(big).toMatchObject({ status: 413, body: { message: 'The request is too large' } });
    const huge = await putContent({ ...(await content(site.url)), presidentMessage: 'z'.repeat(52_000_000) });
    expect(huge).toMatchObject({ status: 413, body: { message: 'The content is too large to save' } });
  });

  it('never make the server fail: odd bodies on every write get a 4xx and change nothing', async () => {
    const before = await content(site.url);
    const alumniBefore = (await site.asAdmin('GET', '/api/admin/alumni')).body;
    const someId = crypto.randomUUID();
    const writes: [string, string][] = [
      ['PUT', '/api/content'],
      ['POST', '/api/logos'],
      ['PUT', '/api/person-image/president'],
      ['POST', '/api/events'],
      ['PUT', `/api/events/${someId}`],
      ['POST', '/api/news'],
      ['PUT', `/api/news/${someId}`],
      ['POST', '/api/homegallery'],
      ['POST', '/api/gallery'],
      ['POST', '/api/alumni'],
      ['PUT', `/api/alumni/${someId}/approve`],
      ['PUT', '/api/admin/password'],
      ['POST', '/api/admin/login'],
    ];
    const odd: unknown[] = [
      null,
      42,
      'text',
      [],
      [{}],
      {},
      { title: { $gt: '' }, description: ['a'], date: {} },
      { constructor: { prototype: { polluted: true } } },
      { imageId: null, caption: null },
      JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500)),
    ];
    for (const [method, path] of writes) {
      for (const json of odd) {
        const answer = await site.asAdmin(method, path, { json });
        expect({ method, path, json, status: answer.status >= 400 && answer.status < 500 }).toEqual({
          method,
          path,
          json,
          status: true,
        });
        expect(answer.body).toEqual({ message: expect.any(String) });
      }
    }
    expect(await content(site.url)).toEqual(before);
    expect((await site.asAdmin('GET', '/api/admin/alumni')).body).toEqual(alumniBefore);
    expect(site.server.output()).not.toMatch(/failed:/);
  });
});

describe('publishing', () => {
  it('schedules a rebuild on every successful write and on none of the refused ones', async () => {
    await site.waitUntilLive();
    const { buildCount } = await buildStatus(site.url, site.token);

    const refused = await site.asAdmin('POST', '/api/events', { json: { title: 'No date' } });
    expect(refused.status).toBe(400);
    expect(await buildStatus(site.url, site.token)).toMatchObject({ live: true, buildCount });

    const added = await site.asAdmin('POST', '/api/events', {
      json: { title: 'Open day', description: 'Tours', date: '2031-06-01' },
    });
    expect(added.status).toBe(201);
    expect((await buildStatus(site.url, site.token)).live).toBe(false);
    await site.waitUntilLive();
    expect((await buildStatus(site.url, site.token)).buildCount).toBeGreaterThan(buildCount);
    expect(await (await fetch(`${site.url}/eventsnews`)).text()).toContain('Open day');
  });
});
