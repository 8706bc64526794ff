/** Kept versions of the content: list, read, restore (with the photos of the restored items). */
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { content, uploaded } from './helpers.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });

// biome-ignore lint/suspicious/noExplicitAny: the answers are checked field by field
type Entry = { version: number; at: string; username: string; summary: string } & Record<string, any>;
const history = async () => (await site.asAdmin<Entry[]>('GET', '/api/admin/history')).body;

describe('history', () => {
  it('is for administrators only', async () => {
    expect((await site.call('GET', '/api/admin/history')).status).toBe(401);
    expect((await site.call('GET', '/api/admin/history/1')).status).toBe(401);
    expect((await site.call('POST', '/api/admin/history/1/restore')).status).toBe(401);
  });

  it('answers 404 for a version it does not keep', async () => {
    expect((await site.asAdmin('GET', '/api/admin/history/99999')).status).toBe(404);
    expect((await site.asAdmin('GET', '/api/admin/history/abc')).status).toBe(404);
    expect((await site.asAdmin('POST', '/api/admin/history/99999/restore')).status).toBe(404);
  });

  it('keeps autosaved edits of one message as one version', async () => {
    const before = await history();
    const current = await content(site.url);
    for (const text of ['W', 'We', 'Welcome', 'Welcome back']) {
      const answer = await site.asAdmin('PUT', '/api/content', { json: { ...current, presidentMessage: text } });
      expect(answer.status).toBe(200);
    }
    const after = await history();
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({ username: 'admin', summary: 'Edited the president’s message' });
    expect((await site.asAdmin('GET', `/api/admin/history/${after[0]!.version}`)).body.presidentMessage).toBe(
      'Welcome back',
    );
  });

  it('brings back a deleted news item and its photo on a restore', async () => {
    const photo = await uploaded(site.url, site.token, await solidImage('png'));
    const added = await site.asAdmin('POST', '/api/news', {
      json: { title: 'Sports Day', description: 'Races on the field', image: photo },
    });
    expect(added.status).toBe(201);
    const id = added.body.find((n: { title: string }) => n.title === 'Sports Day')._id;
    expect((await site.call('GET', `/api/image/${photo.imageId}`)).status).toBe(200);

    expect((await site.asAdmin('DELETE', `/api/news/${id}`)).status).toBe(200);
    const [deleted, beforeDelete] = await history();
    expect(deleted).toMatchObject({ username: 'admin', summary: 'Deleted news item “Sports Day”' });
    expect((await content(site.url)).news.some((n: { _id: string }) => n._id === id)).toBe(false);
    expect((await site.call('GET', `/api/image/${photo.imageId}`)).status).toBe(404);

    const count = (await history()).length;
    const restored = await site.asAdmin('POST', `/api/admin/history/${beforeDelete!.version}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.news.find((n: { _id: string }) => n._id === id).title).toBe('Sports Day');
    const after = await history();
    expect(after.length).toBe(count + 1);
    expect(after[0]).toMatchObject({ username: 'admin', summary: `Restored version ${beforeDelete!.version}` });
    expect((await content(site.url)).news.find((n: { _id: string }) => n._id === id).image).toEqual(photo);
    expect((await site.call('GET', `/api/image/${photo.imageId}`)).status).toBe(200);

    await site.waitUntilLive();
    const page = await fetch(`${site.url}/eventsnews`).then((r) => r.text());
    expect(page).toContain('Sports Day');
    expect(page).toContain(photo.imageId);
  });

  it('restores with If-Match only while the content is still the one the delete left (Undo)', async () => {
    const added = await site.asAdmin('POST', '/api/news', {
      json: { title: 'Quiz Night', description: 'Teams of four' },
    });
    const id = added.body.find((n: { title: string }) => n.title === 'Quiz Night')._id;
    const deleted = await site.asAdmin('DELETE', `/api/news/${id}`);
    const etag = deleted.headers.get('etag');
    expect(etag).toBe((await site.call('GET', '/api/content')).headers.get('etag'));
    const [, beforeDelete] = await history();

    // A change after the delete: the Undo of the delete is refused and nothing changes.
    await site.asAdmin('POST', '/api/events', {
      json: { title: 'Open House', description: 'Visit us', date: '2031-05-04' },
    });
    const count = (await history()).length;
    const stale = await site.asAdmin('POST', `/api/admin/history/${beforeDelete!.version}/restore`, {
      headers: { 'If-Match': etag! },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/^The content has changed since/);
    expect((await history()).length).toBe(count);
    const now = await content(site.url);
    expect(now.news.some((n: { _id: string }) => n._id === id)).toBe(false);
    expect(now.events.some((e: { title: string }) => e.title === 'Open House')).toBe(true);

    // Right after a delete, the same Undo restores, and answers the new ETag.
    const again = await site.asAdmin(
      'DELETE',
      `/api/events/${now.events.find((e: { title: string }) => e.title === 'Open House')._id}`,
    );
    const [, beforeSecond] = await history();
    const undone = await site.asAdmin('POST', `/api/admin/history/${beforeSecond!.version}/restore`, {
      headers: { 'If-Match': again.headers.get('etag')! },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.events.some((e: { title: string }) => e.title === 'Open House')).toBe(true);
    expect(undone.headers.get('etag')).toBe((await site.call('GET', '/api/content')).headers.get('etag'));
  });

  it('keeps the history across a restart', async () => {
    const before = await history();
    await site.restart();
    const after = (await site.call<Entry[]>('GET', '/api/admin/history', { token: site.token })).body;
    expect(after).toEqual(before);
  });
});
