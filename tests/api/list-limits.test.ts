import { describe, expect, it } from 'vitest';
import { event } from '../support/fixtures.ts';
import { testServer } from '../support/harness.ts';
import { content, uploaded } from './helpers.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });

const LIMIT = 20_000;
/** The `i`th event of a full list, as PUT /api/content stores it. */
const storedEvent = (i: number) => ({ _id: crypto.randomUUID(), ...event(`Event ${i}`) });

describe('each list holds 20,000 items, and says so when full', () => {
  it('events: the 20,001st is refused, by PUT and by POST, naming the list and the limit', async () => {
    const before = await content(site.url);
    const full = Array.from({ length: LIMIT }, (_, i) => storedEvent(i));
    const over = await site.asAdmin('PUT', '/api/content', {
      json: { ...before, events: [...full, storedEvent(LIMIT)] },
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The events list is full: it can hold at most 20,000 events.');

    const filled = await site.asAdmin('PUT', '/api/content', { json: { ...before, events: full } });
    expect(filled.status).toBe(200);
    expect(filled.body.events).toHaveLength(LIMIT);

    const one = await site.asAdmin('POST', '/api/events', {
      json: { title: 'One too many', description: 'No room', date: '2031-02-02' },
    });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('The events list is full: it can hold at most 20,000 events.');
    expect((await content(site.url)).events).toHaveLength(LIMIT);
  });

  it('gallery: the 20,001st photo is refused, by PUT and by POST', async () => {
    const image = await uploaded(site.url, site.token, await solidImage('png'));
    const before = await content(site.url);
    const photo = (i: number) => ({ _id: crypto.randomUUID(), imageId: image.imageId, caption: `Photo ${i}` });
    const full = Array.from({ length: LIMIT }, (_, i) => photo(i));
    const over = await site.asAdmin('PUT', '/api/content', { json: { ...before, gallery: [...full, photo(LIMIT)] } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The gallery list is full: it can hold at most 20,000 photos.');

    expect((await site.asAdmin('PUT', '/api/content', { json: { ...before, gallery: full } })).status).toBe(200);
    const one = await site.asAdmin('POST', '/api/gallery', { json: { ...image, caption: 'One too many' } });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('The gallery list is full: it can hold at most 20,000 photos.');
  });
});
