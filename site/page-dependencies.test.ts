import { describe, expect, it } from 'vitest';
import type { SiteContent } from './contract/content.ts';
import { ALL_PAGES, isTouched, touchedPages } from './page-dependencies.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** The parts of the content these tests change; the functions only compare parts. */
const base = {
  logos: [],
  homegallery: [],
  gallery: [],
  events: [],
  news: [],
  presidentMessage: '',
  presidentImage: null,
  settings: { tagline: 'Old' },
  pages: [{ slug: 'admissions' }],
  circulars: [{ title: 'C' }],
} as unknown as SiteContent;
const change = (edit: (draft: SiteContent) => void): SiteContent => {
  const next = structuredClone(base);
  edit(next);
  return next;
};
const news = {
  _id: id(1),
  title: 'T',
  description: 'D',
  publishDate: '2026-01-01',
  expiryDate: null,
  priority: 'low' as const,
  image: null,
};
const photo = { _id: id(2), imageId: `${'a'.repeat(32)}.jpg`, caption: 'C' };

describe('which pages a change touches', () => {
  it('touches nothing when nothing changed', () => {
    expect(touchedPages(base, structuredClone(base))).toEqual([]);
  });

  it('touches the events and news pages for a news edit, never the gallery', () => {
    const touched = touchedPages(
      base,
      change((draft) => draft.news.push(news)),
    );
    expect(touched).toEqual(['/eventsnews']);
    expect(isTouched('/eventsnews', touched)).toBe(true);
    expect(isTouched('/eventsnews/news/expired/2025/2', touched)).toBe(true);
    expect(isTouched('/gallery', touched)).toBe(false);
    expect(isTouched('/gallery/2', touched)).toBe(false);
    expect(isTouched('/', touched)).toBe(false);
  });

  it('touches the gallery pages for a gallery edit, the home page for a home gallery edit', () => {
    expect(
      touchedPages(
        base,
        change((draft) => draft.gallery.push(photo)),
      ),
    ).toEqual(['/gallery']);
    const home = touchedPages(
      base,
      change((draft) => draft.homegallery.push(photo)),
    );
    expect(home).toEqual(['/']);
    expect(isTouched('/', home)).toBe(true);
    expect(isTouched('/gallery', home)).toBe(false);
  });

  it('touches the leadership page for a message, the circulars page for a circular', () => {
    expect(
      touchedPages(
        base,
        change((draft) => Object.assign(draft, { presidentMessage: 'Hello' })),
      ),
    ).toEqual(['/about/leadership']);
    expect(
      touchedPages(
        base,
        change((draft) => draft.circulars.pop()),
      ),
    ).toEqual(['/notifications-circular']);
  });

  it('touches several pages for a change of several parts', () => {
    const both = change((draft) => {
      draft.news.push(news);
      draft.gallery.push(photo);
    });
    expect(touchedPages(base, both)).toEqual(['/eventsnews', '/gallery']);
  });

  it('touches every page for the settings, the logos, the own pages or a part it does not know', () => {
    expect(
      touchedPages(
        base,
        change((draft) => Object.assign(draft.settings, { tagline: 'New' })),
      ),
    ).toBe(ALL_PAGES);
    expect(
      touchedPages(
        base,
        change((draft) => draft.logos.push({ ...photo, originalName: 'l.png' })),
      ),
    ).toBe(ALL_PAGES);
    expect(
      touchedPages(
        base,
        change((draft) => draft.pages.pop()),
      ),
    ).toBe(ALL_PAGES);
    const unknown = { ...base, somethingNew: 1 } as unknown as SiteContent;
    expect(touchedPages(base, unknown)).toBe(ALL_PAGES);
    expect(isTouched('/gallery/3', ALL_PAGES)).toBe(true);
  });
});
