/**
 * A busy moment: 150 writes of every kind sent at once, as several administrators and a class
 * reunion would. Every one is answered, kept on disk and published; two tabs saving the same
 * version of the content at once cannot overwrite each other.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEADERSHIP_ROLES } from '../../site/contract/content.ts';
import { asPublicContent, upload, uploaded } from '../api/helpers.ts';
import { solidImage } from '../api/test-images.ts';
import type { ApiAnswer } from '../support/api.ts';
import { testServer } from '../support/harness.ts';
import { listPages } from '../support/list-pages.ts';
import { fileTally } from './support.ts';

const tally = fileTally('Concurrency');
const site = testServer({ admin: true });

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const api = (method: string, path: string, json?: unknown) => site.asAdmin(method, path, { json });
const alumnus = (i: number) => ({
  fullName: `Reunion Guest ${i}`,
  gender: i % 2 ? 'male' : 'female',
  mobile: `+91 98000 ${String(10_000 + i)}`,
  email: `guest${i}@reunion.example`,
  address: `${i} Lake Road`,
  periodOfStudy: '2000-2012',
  qualification: 'BA',
  occupation: 'Teacher',
});
const colour = (i: number) => ({ r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 });

/** What exists before the burst, so that edits, deletions and approvals have something to act on. */
let existing: { events: string[]; news: string[]; alumni: string[]; image: { imageId: string; originalName: string } };

beforeAll(async () => {
  const image = await uploaded(site.url, site.token, await solidImage('png', 20, 20), 'shared.png');
  const lastId = (answer: ApiAnswer) => (answer.body as { _id: string }[]).at(-1)!._id;
  const events: string[] = [];
  const news: string[] = [];
  for (const i of range(10)) {
    events.push(
      lastId(await api('POST', '/api/events', { title: `Old event ${i}`, description: 'Before', date: '2031-01-01' })),
    );
    news.push(lastId(await api('POST', '/api/news', { title: `Old news ${i}`, description: 'Before' })));
    await site.call('POST', '/api/alumni', { json: alumnus(100 + i) });
  }
  const alumni = ((await api('GET', '/api/admin/alumni')).body as { _id: string }[]).slice(0, 5).map((a) => a._id);
  existing = { events, news, alumni, image };
});

describe('150 writes of mixed kinds sent at once', () => {
  let answers: { kind: string; status: number }[];
  let uploadedIds: string[];

  beforeAll(async () => {
    const pictures = await Promise.all(range(10).map((i) => solidImage('png', 30, 30, colour(i))));
    const { image } = existing;
    const each = (kind: string, count: number, send: (i: number) => Promise<ApiAnswer>) =>
      range(count).map((i) => ({ kind, send: () => send(i) }));
    const writes = [
      ...each('add event', 30, (i) =>
        api('POST', '/api/events', { title: `Burst event ${i}`, description: 'During', date: '2031-02-01' }),
      ),
      ...each('add news', 25, (i) => api('POST', '/api/news', { title: `Burst news ${i}`, description: 'During' })),
      ...each('add photo', 20, (i) => api('POST', '/api/gallery', { ...image, caption: `Burst photo ${i}` })),
      ...each('add home photo', 15, (i) => api('POST', '/api/homegallery', { ...image, caption: `Burst strip ${i}` })),
      ...each('add logo', 10, (i) => api('POST', '/api/logos', { ...image, originalName: `burst-logo-${i}.png` })),
      ...each('upload', 10, (i) => upload(site.url, site.token, pictures[i]!, `burst-${i}.png`)),
      ...each('edit event', 10, (i) =>
        api('PUT', `/api/events/${existing.events[i]}`, {
          title: `Edited event ${i}`,
          description: 'After',
          date: '2031-03-01',
        }),
      ),
      ...each('delete news', 10, (i) => api('DELETE', `/api/news/${existing.news[i]}`)),
      ...each('set leader image', 5, (i) => api('PUT', `/api/person-image/${LEADERSHIP_ROLES[i]}`, image)),
      ...each('register alumni', 10, (i) => site.call('POST', '/api/alumni', { json: alumnus(i) })),
      ...each('approve alumni', 5, (i) =>
        api('PUT', `/api/alumni/${existing.alumni[i]}/approve`, { isApproved: true }),
      ),
    ];
    expect(writes).toHaveLength(150);
    const results = await Promise.all(writes.map(async ({ kind, send }) => ({ kind, answer: await send() })));
    answers = results.map(({ kind, answer }) => ({ kind, status: answer.status }));
    uploadedIds = results
      .filter(({ kind }) => kind === 'upload')
      .map(({ answer }) => (answer.body as { imageId: string }).imageId);
  });

  it('are all answered with success', () => {
    expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);
    tally.add('parallel writes answered', answers.length);
  });

  it('are all kept: every item added, edited, deleted, approved and uploaded, on disk', async () => {
    const content = JSON.parse(await readFile(join(site.dataDir, 'content.json'), 'utf8'));
    const titles = (list: { title?: string; caption?: string; originalName?: string }[]) =>
      list.map((item) => item.title ?? item.caption ?? item.originalName);
    const expectAll = (list: unknown[], prefix: string, count: number) =>
      expect(
        titles(list as never)
          .filter((title) => title?.startsWith(prefix))
          .sort(),
      ).toEqual(
        range(count)
          .map((i) => `${prefix}${i}${prefix.startsWith('burst-logo') ? '.png' : ''}`)
          .sort(),
      );
    expectAll(content.events, 'Burst event ', 30);
    expectAll(content.events, 'Edited event ', 10);
    expectAll(content.events, 'Old event ', 0);
    expectAll(content.news, 'Burst news ', 25);
    expectAll(content.news, 'Old news ', 0);
    expectAll(content.gallery, 'Burst photo ', 20);
    expectAll(content.homegallery, 'Burst strip ', 15);
    expectAll(content.logos, 'burst-logo-', 10);
    for (const role of LEADERSHIP_ROLES) expect(content[`${role}Image`]).toEqual(existing.image);

    const { alumni } = JSON.parse(await readFile(join(site.dataDir, 'alumni.json'), 'utf8'));
    const emails = alumni.map((a: { email: string }) => a.email);
    for (const i of range(10)) expect(emails).toContain(alumnus(i).email);
    const approved = alumni.filter((a: { isApproved: boolean }) => a.isApproved).map((a: { _id: string }) => a._id);
    expect(approved.sort()).toEqual([...existing.alumni].sort());

    expect(new Set(uploadedIds).size).toBe(10);
    for (const imageId of uploadedIds) expect((await fetch(`${site.url}/api/image/${imageId}`)).status).toBe(200);
    expect((await site.asAdmin('GET', '/api/admin/content')).body).toEqual(content);
    expect((await site.call('GET', '/api/content')).body).toEqual(asPublicContent(content));
    tally.add('writes verified on disk', answers.length);
  });

  it('are all published once the site has caught up', async () => {
    await site.waitUntilLive(120_000);
    const events = await listPages(`${site.url}/eventsnews/events`);
    const news = await listPages(`${site.url}/eventsnews/news`);
    for (const i of range(30)) expect(events).toContain(`Burst event ${i}<`);
    for (const i of range(25)) expect(news).toContain(`Burst news ${i}<`);
    expect(news).not.toContain('Old news 0');
  });
});

describe('two tabs saving the same version at once', () => {
  it('cannot overwrite each other: one save wins, the others are told the content changed', async () => {
    const current = await site.call('GET', '/api/content');
    const etag = current.headers.get('etag')!;
    const saves = await Promise.all(
      range(10).map((i) =>
        site.asAdmin('PUT', '/api/content', {
          json: { ...current.body, presidentMessage: `Tab ${i} was here` },
          headers: { 'If-Match': etag },
        }),
      ),
    );
    const statuses = saves.map((save) => save.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(9);
    const winner = statuses.indexOf(200);
    expect((await site.call('GET', '/api/content')).body.presidentMessage).toBe(`Tab ${winner} was here`);
    tally.add('stale saves refused', 9);
  });
});
