import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../admin-api/store/default-content.ts';
import type { Circular, GalleryItem, News, SchoolEvent, SiteContent } from './content.ts';
import type { Page } from './pages.ts';
import { lastPublication, PUBLICATION_LISTS, previewContent, publicContent } from './public-content.ts';
import type { Publication } from './publication.ts';

/** 11:30 in Asia/Kolkata, the default school's time zone. */
const NOW = new Date('2026-11-25T06:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const author = { id: 'a-1', username: 'ravi' };
const updated = { at: '2026-11-20T10:00:00.000Z', by: 'ravi' };

type State = Pick<Publication, 'status' | 'publishAt'>;
const PUBLISHED: State = { status: 'published', publishAt: null };

const event = (id: string, state: State = PUBLISHED, extra: Partial<SchoolEvent> = {}): SchoolEvent => ({
  _id: id,
  title: `Event ${id}`,
  description: `About ${id}`,
  date: '2031-01-10',
  time: '',
  location: '',
  image: null,
  ...state,
  ...extra,
});
const news = (id: string, state: State = PUBLISHED, extra: Partial<News> = {}): News => ({
  _id: id,
  title: `News ${id}`,
  description: `About ${id}`,
  publishDate: '2026-11-01',
  expiryDate: null,
  priority: 'medium',
  image: null,
  ...state,
  ...extra,
});
const circular = (id: string, state: State = PUBLISHED): Circular => ({
  _id: id,
  title: `Circular ${id}`,
  date: '2026-11-01',
  description: '',
  document: null,
  ...state,
});
const photo = (id: string, state: State = PUBLISHED): GalleryItem => ({
  _id: id,
  imageId: 'a'.repeat(32),
  caption: `Photo ${id}`,
  ...state,
});

/** One item of each state in every list: published, due a minute ago, draft, review, due in 10 minutes. */
function contentWithEveryState(): SiteContent {
  const states: [string, State][] = [
    ['published', PUBLISHED],
    ['due', { status: 'published', publishAt: '2026-11-25T11:29' }],
    ['draft', { status: 'draft', publishAt: null }],
    ['review', { status: 'review', publishAt: null }],
    ['later', { status: 'published', publishAt: '2026-11-25T11:40' }],
  ];
  const content = defaultContent();
  return {
    ...content,
    events: states.map(([id, state]) => event(id, state, { author, updated })),
    news: states.map(([id, state]) => news(id, state, { author, updated, reviewNote: 'Check the date' })),
    circulars: states.map(([id, state]) => circular(id, state)),
    gallery: states.map(([id, state]) => photo(id, state)),
    homegallery: states.map(([id, state]) => photo(id, state)),
  };
}

const ids = (items: readonly { _id: string }[]) => items.map((item) => item._id);
const pageOf = (content: SiteContent, slug: Page['slug']) => content.pages.find((page) => page.slug === slug)!;

describe('publicContent', () => {
  it('keeps only what is published and due, in every list', () => {
    const view = publicContent(contentWithEveryState(), NOW);
    for (const key of PUBLICATION_LISTS)
      expect({ key, ids: ids(view[key]) }).toEqual({ key, ids: ['published', 'due'] });
  });

  it('reads the time in the school time zone', () => {
    const content = contentWithEveryState();
    expect(ids(publicContent(content, minutes(9)).events)).toEqual(['published', 'due']);
    expect(ids(publicContent(content, minutes(10)).events)).toEqual(['published', 'due', 'later']);
    const london = { ...content, settings: { ...content.settings, timeZone: 'Europe/London' } };
    // 06:00 in London: 11:29 there has not come yet.
    expect(ids(publicContent(london, NOW).events)).toEqual(['published']);
  });

  it('leaves out who wrote and changed what, and every reviewer note', () => {
    const content = contentWithEveryState();
    content.settings = { ...content.settings, updated };
    content.logos = [{ _id: 'logo', imageId: 'b'.repeat(32), originalName: 'logo.png', updated }];
    content.leadershipUpdated = { president: updated };
    content.pages = content.pages.map((page) => ({ ...page, author, updated })) as SiteContent['pages'];
    const view = publicContent(content, NOW);
    const text = JSON.stringify(view);
    for (const word of ['"author"', '"reviewNote"', '"updated"', 'leadershipUpdated', 'Check the date', 'ravi']) {
      expect(text).not.toContain(word);
    }
    expect(view.logos).toEqual([{ _id: 'logo', imageId: 'b'.repeat(32), originalName: 'logo.png' }]);
    expect(view.news[0]).toEqual(news('published'));
    // The stored content is left as it was.
    expect(content.news[0]?.author).toEqual(author);
    expect(content.settings.updated).toEqual(updated);
  });

  it('answers the same objects while nothing changes, and a new view when a time comes', () => {
    const content = contentWithEveryState();
    const first = publicContent(content, NOW);
    expect(publicContent(content, minutes(1))).toBe(first);
    expect(publicContent(content, minutes(9))).toBe(first);
    const later = publicContent(content, minutes(10));
    expect(later).not.toBe(first);
    expect(ids(later.news)).toContain('later');
    // The items that were public are the same objects in both views.
    expect(later.news[0]).toBe(first.news[0]);
    expect(later.events[1]).toBe(first.events[1]);
  });

  it('carries over the parts an edit did not touch', () => {
    const content = contentWithEveryState();
    const before = publicContent(content, NOW);
    const edited = { ...content, events: [...content.events, event('new')] };
    const after = publicContent(edited, NOW);
    expect(ids(after.events)).toEqual(['published', 'due', 'new']);
    expect(after.news).toBe(before.news);
    expect(after.circulars).toBe(before.circulars);
    expect(after.events[0]).toBe(before.events[0]);
    expect(after.settings).toBe(before.settings);
  });

  it('answers an item without private fields as it is stored, not a copy', () => {
    const content = { ...defaultContent(), news: [news('plain')] };
    expect(publicContent(content, NOW).news[0]).toBe(content.news[0]);
  });

  it('shows a waiting page with the text it had when it was last public', () => {
    const content = defaultContent();
    const admissions = pageOf(content, 'admissions');
    const waiting: Page = {
      ...admissions,
      title: 'Admissions 2027',
      body: 'NEW-TEXT',
      status: 'draft',
      publishAt: null,
      author,
      updated,
      live: { title: admissions.title, body: admissions.body },
    };
    content.pages = content.pages.map((page) => (page.slug === 'admissions' ? waiting : page)) as SiteContent['pages'];
    const shown = pageOf(publicContent(content, NOW), 'admissions');
    expect(shown).toEqual({
      slug: 'admissions',
      title: admissions.title,
      body: admissions.body,
      status: 'published',
      publishAt: null,
    });
  });

  it('shows a scheduled page once its time has come, without its kept text', () => {
    const content = defaultContent();
    const privacy = pageOf(content, 'privacy');
    const scheduled: Page = {
      ...privacy,
      body: 'NEW-PRIVACY',
      status: 'published',
      publishAt: '2026-11-25T11:40',
      live: { title: privacy.title, body: privacy.body },
    };
    content.pages = content.pages.map((page) => (page.slug === 'privacy' ? scheduled : page)) as SiteContent['pages'];
    expect(pageOf(publicContent(content, NOW), 'privacy').body).toBe(privacy.body);
    const due = pageOf(publicContent(content, minutes(10)), 'privacy');
    expect(due.body).toBe('NEW-PRIVACY');
    expect(due).not.toHaveProperty('live');
  });

  it('shows a page that was never public by its name, with no text', () => {
    const content = defaultContent();
    content.pages = content.pages.map((page) =>
      page.slug === 'mandatory-public-disclosure' ? { ...page, body: 'NEVER-SHOWN', status: 'review' } : page,
    ) as SiteContent['pages'];
    const shown = pageOf(publicContent(content, NOW), 'mandatory-public-disclosure');
    expect(shown.title).toBe('Mandatory public disclosure');
    expect(shown.body).toBe('');
  });
});

describe('previewContent', () => {
  it('shows the item as published, and nothing else that waits', () => {
    const content = contentWithEveryState();
    const view = previewContent(content, 'news', 'draft', NOW)!;
    expect(ids(view.news)).toEqual(['published', 'due', 'draft']);
    expect(view.news[2]).toEqual(news('draft', PUBLISHED));
    expect(ids(view.events)).toEqual(['published', 'due']);
    expect(JSON.stringify(view)).not.toContain('Check the date');
    // A scheduled item is previewed as it will look then.
    expect(ids(previewContent(content, 'events', 'later', NOW)!.events)).toEqual(['published', 'due', 'later']);
    // The stored content is left as it was.
    expect(content.news[2]?.status).toBe('draft');
  });

  it("shows a page's waiting text", () => {
    const content = defaultContent();
    content.pages = content.pages.map((page) =>
      page.slug === 'admissions'
        ? { ...page, body: 'DRAFT-ADMISSIONS', status: 'draft', live: { title: page.title, body: page.body } }
        : page,
    ) as SiteContent['pages'];
    expect(pageOf(previewContent(content, 'pages', 'admissions', NOW)!, 'admissions').body).toBe('DRAFT-ADMISSIONS');
    expect(pageOf(publicContent(content, NOW), 'admissions').body).not.toBe('DRAFT-ADMISSIONS');
  });

  it('is null for an item or a page that does not exist', () => {
    const content = contentWithEveryState();
    expect(previewContent(content, 'news', 'no-such-item', NOW)).toBeNull();
    expect(previewContent(content, 'circulars', 'draft-x', NOW)).toBeNull();
    expect(previewContent(content, 'pages', 'no-such-page', NOW)).toBeNull();
  });
});

describe('lastPublication', () => {
  it('is the latest scheduled time that has come', () => {
    const content = contentWithEveryState();
    expect(lastPublication(content, '2026-11-25T11:30')).toBe('2026-11-25T11:29');
    expect(lastPublication(content, '2026-11-25T11:40')).toBe('2026-11-25T11:40');
    expect(lastPublication(defaultContent(), '2026-11-25T11:30')).toBe('');
  });
});
