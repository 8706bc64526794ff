import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { content } from './helpers.ts';

const site = testServer({ admin: true });

const patchContent = (json: unknown, headers: Record<string, string> = {}) =>
  site.asAdmin('PATCH', '/api/content', { json, headers });

describe('PATCH /api/content', () => {
  it('changes only the fields sent and answers them, small, with the next ETag', async () => {
    const before = await site.call('GET', '/api/content');
    const answer = await patchContent({ presidentMessage: '  Welcome back!  ', secretaryImage: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ presidentMessage: 'Welcome back!', secretaryImage: null });
    expect(JSON.stringify(answer.body).length).toBeLessThan(2048);
    expect(await content(site.url)).toEqual({ ...before.body, presidentMessage: 'Welcome back!' });

    const etag = answer.headers.get('etag')!;
    expect(etag).not.toBe(before.headers.get('etag'));
    expect((await site.call('GET', '/api/content')).headers.get('etag')).toBe(etag);
    const next = await patchContent({ presidentMessage: 'Welcome back, all!' }, { 'If-Match': etag });
    expect(next.status).toBe(200);
  });

  it('refuses a stale If-Match with 412 and changes nothing', async () => {
    const first = await site.call('GET', '/api/content');
    const staleTag = first.headers.get('etag')!;
    expect((await patchContent({ secretaryMessage: 'From the first tab' }, { 'If-Match': staleTag })).status).toBe(200);

    const stale = await patchContent({ headmistressMessage: 'From a tab that missed it' }, { 'If-Match': staleTag });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/changed meanwhile/);
    const after = await content(site.url);
    expect(after).toEqual({ ...first.body, secretaryMessage: 'From the first tab' });
  });

  it('refuses an empty body, unknown fields and invalid values with a clear 400', async () => {
    const before = await content(site.url);
    const empty = await patchContent({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Send at least one leadership message or image to change');
    const unknown = await patchContent({ presidentMessage: 'x', events: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(
      /Only the leadership messages and images can be changed this way \(not: events\)/,
    );
    const wrong = await patchContent({ presidentMessage: 42 });
    expect(wrong.status).toBe(400);
    const missingImage = await patchContent({
      presidentImage: { imageId: `${'a'.repeat(32)}.png`, originalName: 'gone.png' },
    });
    expect(missingImage.status).toBe(400);
    expect(await content(site.url)).toEqual(before);
  });

  it('is for administrators only', async () => {
    const answer = await site.call('PATCH', '/api/content', { json: { presidentMessage: 'x' } });
    expect(answer.status).toBe(401);
  });
});
