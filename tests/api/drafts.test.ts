/**
 * Drafts and review through the API (issue 20): a Contributor's writes are drafts it may change
 * only while they are its own and unpublished; an Editor returns them with a note or approves
 * them; nothing unpublished (nor any note or author) is in a public answer; a page's new text
 * waits while visitors keep the old one; a draft's preview looks like the public page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { circular, event, news } from '../support/fixtures.ts';
import { testServer } from '../support/harness.ts';
import { uploaded } from './helpers.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });

type Role = 'editor' | 'contributor' | 'office';
const tokens: Record<string, string> = {};

async function account(username: string, role: Role): Promise<string> {
  const password = `${username}-password-1`;
  const created = await site.asAdmin('POST', '/api/admin/create', { json: { username, password, role } });
  expect(created.status).toBe(201);
  return (await site.call('POST', '/api/admin/login', { json: { username, password } })).body.token;
}

const as = (who: string) => ({
  // biome-ignore lint/suspicious/noExplicitAny: as `call`, the assertions check the answers
  call: <T = any>(method: string, path: string, json?: unknown) =>
    site.call<T>(method, path, { token: tokens[who], json }),
});

interface Item {
  _id: string;
  title?: string;
  caption?: string;
  status: string;
  publishAt: string | null;
  author?: { id: string; username: string };
  reviewNote?: string;
}

/** Adds an item as `who` and answers the stored item (found by its title or caption). */
async function add(who: string, list: string, fields: Record<string, unknown>): Promise<Item> {
  const answer = await as(who).call('POST', `/api/${list}`, fields);
  expect({ list, status: answer.status, body: answer.status === 201 ? null : answer.body }).toEqual({
    list,
    status: 201,
    body: null,
  });
  const label = fields.title ?? fields.caption;
  return (answer.body as Item[]).find((item) => (item.title ?? item.caption) === label)!;
}

/** The item as GET /api/admin/content shows it to `who` (the administrator unless told). */
async function stored(list: string, id: string, who = 'admin'): Promise<Item | undefined> {
  const content = (await as(who).call('GET', '/api/admin/content')).body;
  return (content[list] as Item[]).find((item) => item._id === id);
}

/** Every public answer of the API, as one text. */
async function publicAnswers(): Promise<string> {
  const paths = ['/api/content', '/api/events', '/api/news', '/api/circulars', '/api/pages', '/api/settings'];
  const texts = await Promise.all(paths.map(async (path) => JSON.stringify((await site.call('GET', path)).body)));
  return texts.join('\n');
}

let image: { imageId: string; originalName: string };

beforeAll(async () => {
  tokens.admin = site.token;
  tokens.editor = await account('esha', 'editor');
  tokens.ravi = await account('ravi', 'contributor');
  tokens.tara = await account('tara', 'contributor');
  tokens.office = await account('omar', 'office');
  image = await uploaded(site.url, tokens.ravi!, await solidImage('png', 16, 16));
});

describe("a Contributor's writes", () => {
  it('are drafts, even when they say nothing about publishing, and are public nowhere', async () => {
    const items = {
      events: await add('ravi', 'events', event('Ravi-event-draft')),
      news: await add('ravi', 'news', news('Ravi-news-draft')),
      circulars: await add('ravi', 'circulars', circular('Ravi-circular-draft')),
      gallery: await add('ravi', 'gallery', { ...image, caption: 'Ravi-photo-draft' }),
      homegallery: await add('ravi', 'homegallery', { ...image, caption: 'Ravi-home-photo-draft' }),
    };
    for (const [list, item] of Object.entries(items)) {
      expect({ list, status: item.status, author: item.author?.username }).toEqual({
        list,
        status: 'draft',
        author: 'ravi',
      });
      expect((await stored(list, item._id))?.status).toBe('draft');
    }
    const answers = await publicAnswers();
    for (const word of [
      'Ravi-event-draft',
      'Ravi-news-draft',
      'Ravi-circular-draft',
      'Ravi-photo-draft',
      'Ravi-home-photo-draft',
    ]) {
      expect(answers).not.toContain(word);
    }
  });

  it('may be submitted for review, at once or later', async () => {
    const submitted = await add('ravi', 'news', { ...news('Ravi-submitted-at-once'), status: 'review' });
    expect(submitted.status).toBe('review');
    const later = await add('ravi', 'events', event('Ravi-submitted-later'));
    const answer = await as('ravi').call('PUT', `/api/events/${later._id}/status`, { status: 'review' });
    expect(answer.status).toBe(200);
    expect((await stored('events', later._id))?.status).toBe('review');
    expect(await publicAnswers()).not.toContain('Ravi-submitted');
  });

  it('cannot be published or scheduled by the Contributor (403), and store nothing', async () => {
    const before = (await as('admin').call('GET', '/api/admin/content')).body;
    const publishing = [
      ['POST', '/api/news', { ...news('Ravi-self-published'), status: 'published' }],
      ['POST', '/api/events', { ...event('Ravi-self-scheduled'), publishAt: '2031-01-01T08:00' }],
      [
        'POST',
        '/api/circulars',
        { ...circular('Ravi-draft-scheduled'), status: 'draft', publishAt: '2031-01-01T08:00' },
      ],
      ['POST', '/api/gallery', { ...image, caption: 'Ravi-photo-published', status: 'published' }],
    ] as const;
    for (const [method, path, json] of publishing) {
      const answer = await as('ravi').call(method, path, json);
      expect({ path, status: answer.status, message: answer.body.message }).toEqual({
        path,
        status: 403,
        message: 'Only Administrator or Editor accounts can publish, schedule, approve or return a draft.',
      });
    }
    const mine = await add('ravi', 'news', news('Ravi-tries-to-approve'));
    for (const change of [{ status: 'published' }, { status: 'published', publishAt: '2031-01-01T08:00' }]) {
      const answer = await as('ravi').call('PUT', `/api/news/${mine._id}/status`, change);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/^Only Administrator or Editor accounts can publish/);
    }
    const edit = await as('ravi').call('PUT', `/api/news/${mine._id}`, {
      ...news('Ravi-tries-to-approve'),
      status: 'published',
    });
    expect(edit.status).toBe(403);
    expect((await stored('news', mine._id))?.status).toBe('draft');
    const after = (await as('admin').call('GET', '/api/admin/content')).body;
    expect(after.news.length).toBe(before.news.length + 1);
    expect(after.events.length).toBe(before.events.length);
    expect(await publicAnswers()).not.toContain('Ravi-');
  });

  it("change only the Contributor's own items while they are not published", async () => {
    const theirs = await add('tara', 'events', { ...event('Tara-event-draft'), image });
    const published = await add('admin', 'events', { ...event('Admin-event-published'), image });
    expect(published.status).toBe('published');
    for (const target of [theirs, published]) {
      const attempts = [
        await as('ravi').call('PUT', `/api/events/${target._id}`, event('Taken over')),
        await as('ravi').call('PUT', `/api/events/${target._id}/status`, { status: 'review' }),
        await as('ravi').call('DELETE', `/api/events/${target._id}/image`),
        await as('ravi').call('DELETE', `/api/events/${target._id}`),
      ];
      for (const answer of attempts) {
        expect({ title: target.title, status: answer.status }).toEqual({ title: target.title, status: 403 });
        expect(answer.body.message).toMatch(/Administrator.*Editor/);
      }
      const now = await stored('events', target._id);
      expect(now?.title).toBe(target.title);
      expect(now?.status).toBe(target.status);
      expect(now).toHaveProperty('image.imageId', image.imageId);
    }

    const mine = await add('ravi', 'events', { ...event('Ravi-event-own'), image });
    const edited = await as('ravi').call('PUT', `/api/events/${mine._id}`, {
      ...event('Ravi-event-own-edited'),
      image,
    });
    expect(edited.status).toBe(200);
    expect(await stored('events', mine._id)).toMatchObject({ title: 'Ravi-event-own-edited', status: 'draft' });
    expect((await as('ravi').call('DELETE', `/api/events/${mine._id}/image`)).status).toBe(200);
    expect((await as('ravi').call('DELETE', `/api/events/${mine._id}`)).status).toBe(200);
    expect(await stored('events', mine._id)).toBeUndefined();

    // Once approved, the item is no longer the Contributor's to change.
    const approvedLater = await add('ravi', 'news', news('Ravi-news-approved-later'));
    expect(
      (await as('editor').call('PUT', `/api/news/${approvedLater._id}/status`, { status: 'published' })).status,
    ).toBe(200);
    expect((await as('ravi').call('PUT', `/api/news/${approvedLater._id}`, news('Ravi-rewrites'))).status).toBe(403);
    expect((await as('ravi').call('DELETE', `/api/news/${approvedLater._id}`)).status).toBe(403);
  });
});

describe('review', () => {
  it('returns a draft with a note only its writers see, then approves it: published, the note gone', async () => {
    const draft = await add('ravi', 'news', { ...news('Ravi-news-for-review'), status: 'review' });
    const note = 'Please-add-the-venue-NOTE';
    const returned = await as('editor').call('PUT', `/api/news/${draft._id}/status`, { status: 'draft', note });
    expect(returned.status).toBe(200);
    expect(await stored('news', draft._id)).toMatchObject({ status: 'draft', reviewNote: note });
    expect(await stored('news', draft._id, 'ravi')).toMatchObject({ status: 'draft', reviewNote: note });
    expect(await publicAnswers()).not.toContain(note);

    // The Contributor fixes it and submits it again; the note stays until it is published.
    const fixed = await as('ravi').call('PUT', `/api/news/${draft._id}`, {
      ...news('Ravi-news-for-review'),
      description: 'At the main hall',
    });
    expect(fixed.status).toBe(200);
    expect((await as('ravi').call('PUT', `/api/news/${draft._id}/status`, { status: 'review' })).status).toBe(200);
    expect(await stored('news', draft._id)).toMatchObject({
      status: 'review',
      reviewNote: note,
      author: { username: 'ravi' },
    });

    const approved = await as('editor').call('PUT', `/api/news/${draft._id}/status`, { status: 'published' });
    expect(approved.status).toBe(200);
    const after = await stored('news', draft._id);
    expect(after).toMatchObject({ status: 'published', publishAt: null, description: 'At the main hall' });
    expect(after).not.toHaveProperty('reviewNote');

    const publicNews = (await site.call('GET', '/api/news')).body as Item[];
    const shown = publicNews.find((item) => item._id === draft._id);
    expect(shown?.title).toBe('Ravi-news-for-review');
    // Who wrote or changed it is not public.
    for (const field of ['author', 'reviewNote', 'updated']) expect(shown).not.toHaveProperty(field);
    expect(await publicAnswers()).not.toContain(note);
    await site.waitUntilLive();
    expect(await (await fetch(`${site.url}/eventsnews`)).text()).toContain('Ravi-news-for-review');
  });

  it('is refused to a Contributor (its own submission included) and to Office', async () => {
    const draft = await add('tara', 'circulars', { ...circular('Tara-circular-review'), status: 'review' });
    for (const who of ['ravi', 'tara', 'office']) {
      const answer = await as(who).call('PUT', `/api/circulars/${draft._id}/status`, { status: 'draft', note: 'No' });
      expect({ who, status: answer.status }).toEqual({ who, status: 403 });
    }
    expect(await stored('circulars', draft._id)).toMatchObject({ status: 'review' });
    expect(await stored('circulars', draft._id)).not.toHaveProperty('reviewNote');
    // Its author may take it back to a draft, without a reviewer's note.
    expect((await as('tara').call('PUT', `/api/circulars/${draft._id}/status`, { status: 'draft' })).status).toBe(200);
    expect(await stored('circulars', draft._id)).toMatchObject({ status: 'draft' });
  });
});

describe('what each account sees of the content', () => {
  it('gives a Contributor what is published and its own drafts, not another Contributor’s', async () => {
    const ravis = await add('ravi', 'events', event('Ravi-only-for-ravi'));
    const taras = await add('tara', 'events', event('Tara-only-for-tara'));
    const published = await add('admin', 'events', event('Admin-for-everyone'));
    const ravi = (await as('ravi').call('GET', '/api/admin/content')).body;
    const ids = (ravi.events as Item[]).map((item) => item._id);
    expect(ids).toContain(ravis._id);
    expect(ids).toContain(published._id);
    expect(ids).not.toContain(taras._id);
    expect(JSON.stringify(ravi)).not.toContain('Tara-');
    // Each item says its state.
    expect((ravi.events as Item[]).find((item) => item._id === ravis._id)).toMatchObject({
      status: 'draft',
      publishAt: null,
    });

    const editor = (await as('editor').call('GET', '/api/admin/content')).body;
    const all = (editor.events as Item[]).map((item) => item._id);
    expect(all).toEqual(expect.arrayContaining([ravis._id, taras._id, published._id]));

    const office = await as('office').call('GET', '/api/admin/content');
    expect(office.status).toBe(403);
    expect(JSON.stringify(office.body)).not.toContain('Ravi-');
    expect((await site.call('GET', '/api/admin/content')).status).toBe(401);
  });

  it('publishes at once what an Administrator or Editor writes without a status (as the spec says)', async () => {
    for (const who of ['admin', 'editor']) {
      const item = await add(who, 'events', event(`Published-at-once-by-${who}`));
      expect(item).toMatchObject({ status: 'published', publishAt: null });
      const shown = ((await site.call('GET', '/api/events')).body as Item[]).map((one) => one.title);
      expect(shown).toContain(`Published-at-once-by-${who}`);
    }
  });

  it('lets a publisher keep an item as a draft, then publish it', async () => {
    const draft = await add('editor', 'circulars', { ...circular('Editor-circular-draft'), status: 'draft' });
    expect(draft.status).toBe('draft');
    expect(await publicAnswers()).not.toContain('Editor-circular-draft');
    expect((await as('editor').call('PUT', `/api/circulars/${draft._id}/status`, { status: 'published' })).status).toBe(
      200,
    );
    expect(JSON.stringify((await site.call('GET', '/api/circulars')).body)).toContain('Editor-circular-draft');
  });
});

describe('a page', () => {
  it('keeps its public text while a new one is a draft, and shows the new one once published', async () => {
    const before = ((await site.call('GET', '/api/pages')).body as { slug: string; body: string }[]).find(
      (page) => page.slug === 'admissions',
    )!;
    await site.waitUntilLive();
    expect(await (await fetch(`${site.url}/admissions`)).text()).toContain('Admissions');

    const saved = await as('editor').call('PUT', '/api/pages/admissions', {
      title: 'Admissions',
      body: 'PAGE-DRAFT-TEXT for next year',
      status: 'draft',
    });
    expect(saved.status).toBe(200);
    const admin = (await as('editor').call('GET', '/api/admin/content')).body;
    expect(admin.pages.find((page: { slug: string }) => page.slug === 'admissions')).toMatchObject({
      body: 'PAGE-DRAFT-TEXT for next year',
      status: 'draft',
    });
    const shown = ((await site.call('GET', '/api/pages')).body as { slug: string; body: string }[]).find(
      (page) => page.slug === 'admissions',
    )!;
    expect(shown.body).toBe(before.body);
    expect(await publicAnswers()).not.toContain('PAGE-DRAFT-TEXT');
    await site.waitUntilLive();
    const page = await (await fetch(`${site.url}/admissions`)).text();
    expect(page).not.toContain('PAGE-DRAFT-TEXT');
    expect(page).toContain(before.body.slice(0, 40));

    const published = await as('editor').call('PUT', '/api/pages/admissions/status', { status: 'published' });
    expect(published.status).toBe(200);
    const now = ((await site.call('GET', '/api/pages')).body as { slug: string; body: string }[]).find(
      (one) => one.slug === 'admissions',
    )!;
    expect(now.body).toBe('PAGE-DRAFT-TEXT for next year');
    await site.waitUntilLive();
    expect(await (await fetch(`${site.url}/admissions`)).text()).toContain('PAGE-DRAFT-TEXT for next year');
  });
});

describe('the preview of a draft', () => {
  it('is the item as the public page will show it, in the site layout, never cached nor indexed', async () => {
    const draft = await add('ravi', 'news', {
      title: 'Preview-news-title',
      description: 'Preview-news-description for the fair',
      image,
    });
    const other = await add('tara', 'news', news('Tara-hidden-in-preview'));
    const response = await fetch(`${site.url}/api/admin/preview/news/${draft._id}`, {
      headers: { Authorization: `Bearer ${tokens.ravi}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    expect(html).toContain('Preview-news-title');
    expect(html).toContain('Preview-news-description for the fair');
    expect(html).toMatch(/<meta name="robots" content="noindex">/);
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    const { schoolName } = (await site.call('GET', '/api/settings')).body;
    expect(html).toContain(schoolName);
    // Nothing else that waits shows in it.
    expect(html).not.toContain('Tara-hidden-in-preview');
    expect(html).not.toContain(other._id);
    // The draft itself is still a draft.
    expect((await stored('news', draft._id))?.status).toBe('draft');
  });

  it('is shown to the writers of the content, not to anyone else', async () => {
    const draft = await add('ravi', 'events', event('Preview-event-ravi'));
    const preview = (who: string | null) =>
      fetch(`${site.url}/api/admin/preview/events/${draft._id}`, {
        headers: who ? { Authorization: `Bearer ${tokens[who]}` } : {},
      });
    expect((await preview('editor')).status).toBe(200);
    expect((await preview('admin')).status).toBe(200);
    expect((await preview('tara')).status).toBe(403);
    expect((await preview('office')).status).toBe(403);
    const anonymous = await preview(null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('Preview-event-ravi');
    expect(
      (
        await fetch(`${site.url}/api/admin/preview/events/no-such-id`, {
          headers: { Authorization: `Bearer ${tokens.admin}` },
        })
      ).status,
    ).toBe(404);
  });

  it('opens from a link made for that draft alone, which is good for nothing else', async () => {
    const draft = await add('ravi', 'news', news('Preview-link-news'));
    const other = await add('ravi', 'news', news('Preview-link-other'));
    const link = await as('ravi').call('GET', `/api/admin/preview-link/news/${draft._id}`);
    expect(link.status).toBe(200);
    const url = link.body.url as string;
    expect(url).toMatch(new RegExp(`^/api/admin/preview/news/${draft._id}\\?t=`));
    // A frame sends no Authorization header: the link alone opens the preview.
    const framed = await fetch(site.url + url);
    expect(framed.status).toBe(200);
    expect(framed.headers.get('cache-control')).toBe('no-store');
    expect(await framed.text()).toContain('Preview-link-news');
    const token = new URL(url, site.url).searchParams.get('t')!;
    // Not for another draft, and not a session.
    const elsewhere = await fetch(`${site.url}/api/admin/preview/news/${other._id}?t=${token}`);
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.text()).not.toContain('Preview-link-other');
    for (const path of ['/api/admin/session', '/api/admin/content']) {
      const answer = await site.call('GET', path, { headers: { Authorization: `Bearer ${token}` } });
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
    }
    // Nobody gets a link to a draft they may not see.
    expect((await as('tara').call('GET', `/api/admin/preview-link/news/${draft._id}`)).status).toBe(403);
    expect((await as('office').call('GET', `/api/admin/preview-link/news/${draft._id}`)).status).toBe(403);
    expect((await site.call('GET', `/api/admin/preview-link/news/${draft._id}`)).status).toBe(401);
  });

  it('shows a circular, and a page with its waiting text', async () => {
    const draft = await add('ravi', 'circulars', circular('Preview-circular-title'));
    const circularPreview = await as('ravi').call('GET', `/api/admin/preview/circulars/${draft._id}`);
    expect(circularPreview.status).toBe(200);
    expect(circularPreview.body).toContain('Preview-circular-title');

    await as('editor').call('PUT', '/api/pages/privacy', {
      title: 'Privacy',
      body: 'PRIVACY-PREVIEW-TEXT',
      status: 'draft',
    });
    const pagePreview = await as('editor').call('GET', '/api/admin/preview/pages/privacy');
    expect(pagePreview.status).toBe(200);
    expect(pagePreview.headers.get('cache-control')).toBe('no-store');
    expect(pagePreview.body).toContain('PRIVACY-PREVIEW-TEXT');
    expect(pagePreview.body).toContain('class="site-footer"');
    expect(await (await fetch(`${site.url}/privacy`)).text()).not.toContain('PRIVACY-PREVIEW-TEXT');
    // Pages are an Editor's: a Contributor does not preview them.
    expect((await as('ravi').call('GET', '/api/admin/preview/pages/privacy')).status).toBe(403);
  });
});
