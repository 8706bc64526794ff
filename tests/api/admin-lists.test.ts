/**
 * The dashboard's paged reads (GET /api/admin/{list}, GET /api/admin/content/parts): a page of a
 * long list at a time, searched on the server, with how many items there are and match; drafts
 * only for those who may see them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { event } from '../support/fixtures.ts';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const EVENTS = 230;
const isHarvest = (i: number) => i % 40 === 3;
let contributor = '';

beforeAll(async () => {
  const before = (await site.call('GET', '/api/content')).body;
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    _id: crypto.randomUUID(),
    ...event(isHarvest(i) ? `Harvest Festival ${i}` : `Class meeting ${i}`),
  }));
  expect((await site.asAdmin('PUT', '/api/content', { json: { ...before, events } })).status).toBe(200);
  const credentials = { username: 'writer', password: 'writer-password-1' };
  expect(
    (await site.asAdmin('POST', '/api/admin/create', { json: { ...credentials, role: 'contributor' } })).status,
  ).toBe(201);
  contributor = (await site.call('POST', '/api/admin/login', { json: credentials })).body.token;
}, 60_000);

describe('GET /api/admin/events', () => {
  it('answers the first page of 50 and the totals', async () => {
    const answer = await site.asAdmin('GET', '/api/admin/events');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: EVENTS, matching: EVENTS, page: 1, pageSize: 50 });
    expect(answer.body.items.map((item: { title: string }) => item.title).slice(0, 3)).toEqual([
      'Class meeting 0',
      'Class meeting 1',
      'Class meeting 2',
    ]);
    expect(answer.body.items).toHaveLength(50);
    expect(answer.body.items[0]).toHaveProperty('status', 'published');
  });

  it('answers the page asked for, the last one shorter', async () => {
    const last = await site.asAdmin('GET', '/api/admin/events?page=3&pageSize=100');
    expect(last.body.items).toHaveLength(EVENTS - 200);
    expect(last.body.items[0].title).toBe('Class meeting 200');
    expect((await site.asAdmin('GET', '/api/admin/events?page=9&pageSize=100')).body.items).toEqual([]);
  });

  it('searches titles case-insensitively and counts the matches', async () => {
    const found = await site.asAdmin('GET', `/api/admin/events?q=${encodeURIComponent('harvest FESTIVAL')}`);
    const harvests = Array.from({ length: EVENTS }, (_, i) => i).filter(isHarvest);
    expect(found.body).toMatchObject({ total: EVENTS, matching: harvests.length, page: 1 });
    expect(found.body.items.map((item: { title: string }) => item.title)).toEqual(
      harvests.map((i) => `Harvest Festival ${i}`),
    );
  });

  it('refuses a page that is not a number, and a call without a token', async () => {
    expect((await site.asAdmin('GET', '/api/admin/events?page=zero')).status).toBe(400);
    expect((await site.asAdmin('GET', '/api/admin/events?pageSize=100000')).status).toBe(400);
    expect((await site.call('GET', '/api/admin/events')).status).toBe(401);
  });

  it("shows a Contributor its own drafts but not another's", async () => {
    const mine = await site.call('POST', '/api/events', { token: contributor, json: event('My draft') });
    expect(mine.status).toBe(201);
    const theirs = await site.asAdmin('POST', '/api/events', { json: { ...event('Editor draft'), status: 'draft' } });
    expect(theirs.status).toBe(201);

    const seenByContributor = await site.call('GET', '/api/admin/events?q=draft', { token: contributor });
    expect(seenByContributor.body.items.map((item: { title: string }) => item.title)).toEqual(['My draft']);
    expect(seenByContributor.body.total).toBe(EVENTS + 1);
    const seenByAdmin = await site.asAdmin('GET', '/api/admin/events?q=draft');
    expect(seenByAdmin.body.items.map((item: { title: string }) => item.title)).toEqual(['My draft', 'Editor draft']);
    expect(seenByAdmin.body.total).toBe(EVENTS + 2);
  });
});

describe('the other lists', () => {
  it('lists the circulars newest first, as the dashboard shows them', async () => {
    const circulars = (await site.asAdmin('GET', '/api/admin/content')).body.circulars as { date: string }[];
    const page = await site.asAdmin('GET', '/api/admin/circulars');
    expect(page.body.total).toBe(circulars.length);
    const dates = page.body.items.map((item: { date: string }) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('searches the gallery by caption', async () => {
    const page = await site.asAdmin('GET', '/api/admin/gallery?q=nothing-has-this-caption');
    expect(page.body).toMatchObject({ items: [], matching: 0, page: 1, pageSize: 50 });
  });
});

describe('GET /api/admin/content/parts', () => {
  it('answers only the parts named, with the ETag of the content', async () => {
    const whole = await site.asAdmin('GET', '/api/admin/content');
    const parts = await site.asAdmin('GET', '/api/admin/content/parts?parts=settings,presidentMessage');
    expect(parts.status).toBe(200);
    expect(parts.body).toEqual({ settings: whole.body.settings, presidentMessage: whole.body.presidentMessage });
    expect(parts.headers.get('etag')).toBe(whole.headers.get('etag'));
  });

  it('answers an Office account what visitors see: its dashboard needs the school name and zone', async () => {
    const credentials = { username: 'office', password: 'office-password-1' };
    expect((await site.asAdmin('POST', '/api/admin/create', { json: { ...credentials, role: 'office' } })).status).toBe(
      201,
    );
    const office = (await site.call('POST', '/api/admin/login', { json: credentials })).body.token;
    const draft = { title: 'Unpublished page', body: 'Not yet', status: 'draft' };
    expect((await site.asAdmin('PUT', '/api/pages/privacy', { json: draft })).status).toBe(200);

    const parts = await site.call('GET', '/api/admin/content/parts?parts=settings,pages', { token: office });
    expect(parts.status).toBe(200);
    const visitors = (await site.call('GET', '/api/content')).body;
    expect(parts.body).toEqual({ settings: visitors.settings, pages: visitors.pages });
    expect(JSON.stringify(parts.body)).not.toContain('Unpublished page');
  });

  it('refuses a part the content does not have', async () => {
    const answer = await site.asAdmin('GET', '/api/admin/content/parts?parts=settings,passwords');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('passwords');
  });
});

describe('GET /api/admin/review-counts', () => {
  it('counts the items of each list waiting for review, as the account sees them', async () => {
    const before = (await site.asAdmin('GET', '/api/admin/review-counts')).body;
    const news = { title: 'Sports day', description: 'd', publishDate: '2026-01-01', expiryDate: null, image: null };
    const mine = await site.call('POST', '/api/news', { token: contributor, json: news });
    expect(mine.status).toBe(201);
    const id = (mine.body as { _id: string; title: string }[]).find((item) => item.title === 'Sports day')!._id;
    const sent = await site.call('PUT', `/api/news/${id}/status`, { token: contributor, json: { status: 'review' } });
    expect(sent.status).toBe(200);

    const after = await site.asAdmin('GET', '/api/admin/review-counts');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ ...before, news: before.news + 1 });
    expect((await site.call('GET', '/api/admin/review-counts', { token: contributor })).body.news).toBe(1);
  });
});
