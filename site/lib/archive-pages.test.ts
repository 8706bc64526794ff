import { describe, expect, it } from 'vitest';
import type { News, SchoolEvent } from '../contract/content.ts';
import { PUBLISHED_NOW } from '../contract/publication.ts';
import { ARCHIVE_PAGE_SIZE, archiveIndex, categoryIndex, findArchivePage, findCategoryPage } from './archive-pages.ts';

const now = new Date('2026-06-15T10:00:00Z');
const zone = 'UTC';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const event = (n: number, date: string): SchoolEvent => ({
  _id: id(n),
  title: `Event ${n}`,
  description: 'd',
  date,
  time: '',
  location: '',
  image: null,
  ...PUBLISHED_NOW,
});
const news = (n: number, publishDate: string, expiryDate: string | null): News => ({
  _id: id(n),
  title: `News ${n}`,
  description: 'd',
  publishDate,
  expiryDate,
  priority: 'medium',
  image: null,
  ...PUBLISHED_NOW,
});

const events = [
  event(1, '2026-07-01'),
  event(2, '2026-06-01'),
  event(3, '2025-03-01'),
  ...Array.from({ length: 45 }, (_, i) => event(10 + i, '2024-05-05')),
];
const newsList = [
  news(1, '2026-06-01', null),
  news(2, '2026-01-01', '2026-02-01'),
  news(3, '2025-01-01', '2025-02-01'),
  news(4, '2026-07-01', null), // not published yet
];

describe('the events and news archive', () => {
  const index = archiveIndex({ events, news: newsList }, now, zone);

  it('lists the upcoming events and the current news on pages of their own', () => {
    expect(index.upcomingEvents.items.map((item) => item.title)).toEqual(['Event 1']);
    expect(index.currentNews.items.map((item) => item.title)).toEqual(['News 1']);
  });

  it('groups past events by the year of their date and expired news by the year they expired', () => {
    expect(index.pastEvents.map((listing) => [listing.year, listing.items.length, listing.base])).toEqual([
      ['2026', 1, '/eventsnews/events/past/2026'],
      ['2025', 1, '/eventsnews/events/past/2025'],
      ['2024', 45, '/eventsnews/events/past/2024'],
    ]);
    expect(index.expiredNews.map((listing) => [listing.year, listing.items[0]!.title])).toEqual([
      ['2026', 'News 2'],
      ['2025', 'News 3'],
    ]);
  });

  it('lists every event and news item once, except news not published yet', () => {
    const listed = [index.upcomingEvents, ...index.pastEvents].flatMap((listing) => listing.items);
    expect(listed).toHaveLength(events.length);
    const listedNews = [index.currentNews, ...index.expiredNews].flatMap((listing) => listing.items);
    expect(listedNews.map((item) => item.title).sort()).toEqual(['News 1', 'News 2', 'News 3']);
  });

  it('finds the page an address names, and no page for other addresses', () => {
    const second = findArchivePage(index, '/eventsnews/events/past/2024/2');
    expect(second).toMatchObject({ number: 2, count: 3 });
    expect(second!.items).toHaveLength(ARCHIVE_PAGE_SIZE);
    expect(findArchivePage(index, '/eventsnews/events/past/2024/3')!.items).toHaveLength(5);
    expect(findArchivePage(index, '/eventsnews/events')).toMatchObject({ number: 1, count: 1 });
    expect(findArchivePage(index, '/eventsnews/news/expired/2025')!.items).toHaveLength(1);
    for (const path of [
      '/eventsnews/events/past/2024/4',
      '/eventsnews/events/past/2024/1',
      '/eventsnews/events/past/2023',
      '/eventsnews/events/2',
      '/eventsnews/other',
    ])
      expect(findArchivePage(index, path)).toBeNull();
  });
});

describe("each event category's listings", () => {
  const of = (n: number, date: string, category?: string) => ({ ...event(n, date), ...(category && { category }) });
  const categorized = [
    of(1, '2026-07-01', 'Examinations'),
    of(2, '2026-08-01', 'Sports Day'),
    of(3, '2026-06-01', 'Examinations'),
    of(4, '2025-03-01', 'Examinations'),
    of(5, '2026-09-01'),
    of(6, '2026-09-02', 'Removed since'),
    ...Array.from({ length: 25 }, (_, i) => of(10 + i, '2026-10-01', 'Examinations')),
  ];
  const categories = categoryIndex(archiveIndex({ events: categorized, news: [] }, now, zone), [
    'Examinations',
    'Sports Day',
    'Meetings',
  ]);

  it("lists only a category's events, upcoming and past by year, at its addresses", () => {
    const [exams, sports, meetings] = categories;
    expect(exams!.slug).toBe('examinations');
    expect(exams!.upcomingEvents.base).toBe('/eventsnews/categories/examinations');
    expect(exams!.upcomingEvents.items.map((item) => item.title)).toEqual([
      'Event 1',
      ...Array.from({ length: 25 }, (_, i) => `Event ${10 + i}`),
    ]);
    expect(exams!.pastEvents.map((listing) => [listing.base, listing.items.map((item) => item.title)])).toEqual([
      ['/eventsnews/categories/examinations/past/2026', ['Event 3']],
      ['/eventsnews/categories/examinations/past/2025', ['Event 4']],
    ]);
    expect(sports!.upcomingEvents.base).toBe('/eventsnews/categories/sports-day');
    expect(sports!.upcomingEvents.items.map((item) => item.title)).toEqual(['Event 2']);
    expect(meetings!.upcomingEvents.items).toEqual([]);
    expect(meetings!.pastEvents).toEqual([]);
    // An event without a category, or of one no longer in the list, is in none.
    const listed = categories.flatMap((category) =>
      [category.upcomingEvents, ...category.pastEvents].flatMap((listing) => listing.items),
    );
    expect(listed.map((item) => item.title)).not.toContain('Event 5');
    expect(listed.map((item) => item.title)).not.toContain('Event 6');
  });

  it("finds a category's pages, numbered like the others", () => {
    expect(findCategoryPage(categories, '/eventsnews/categories/examinations')).toMatchObject({
      number: 1,
      count: 2,
      category: { slug: 'examinations' },
    });
    expect(findCategoryPage(categories, '/eventsnews/categories/examinations/2')!.items).toHaveLength(6);
    expect(findCategoryPage(categories, '/eventsnews/categories/examinations/past/2025')!.items).toHaveLength(1);
    expect(findCategoryPage(categories, '/eventsnews/categories/meetings')).toMatchObject({ number: 1, count: 1 });
    for (const path of [
      '/eventsnews/categories/examinations/3',
      '/eventsnews/categories/examinations/past/2024',
      '/eventsnews/categories/removed-since',
      '/eventsnews/categories',
    ]) {
      expect(findCategoryPage(categories, path), path).toBeNull();
    }
  });
});
