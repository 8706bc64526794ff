import { describe, expect, it } from 'vitest';
import type { GalleryItem, News, SiteContent } from '../../site/contract/content.ts';
import { contentInLanguage } from '../../site/contract/content-language.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { defaultContent } from '../store/default-content.ts';
import { contentRecords, publicDocuments } from './search-records.ts';

const NOW = new Date('2026-06-15T09:00:00Z');
const PDF = (n: number) => `${String(n).padStart(32, '0')}.pdf`;

function content(): SiteContent {
  const news: News[] = Array.from({ length: 21 }, (_, i) => ({
    _id: `n${i}`,
    title: `News ${i}`,
    description: `Story ${i}`,
    publishDate: '2026-06-01',
    expiryDate: null,
    priority: 'medium',
    image: null,
    ...PUBLISHED_NOW,
  }));
  const gallery: GalleryItem[] = Array.from({ length: 25 }, (_, i) => ({
    _id: `p${i}`,
    imageId: `${String(i).padStart(32, 'a')}.jpg`,
    caption: i === 3 ? '' : `Photo ${i}`,
  })) as GalleryItem[];
  const base = defaultContent();
  return {
    ...base,
    news,
    gallery,
    events: [],
    circulars: [
      {
        _id: 'c1',
        title: 'Fees',
        date: '2026-05-01',
        description: 'Due in June',
        document: { documentId: PDF(1), originalName: 'fees.pdf' },
        ...PUBLISHED_NOW,
      },
      { _id: 'c2', title: 'Uniform', date: '2026-05-02', description: '', document: null, ...PUBLISHED_NOW },
    ],
    pages: base.pages.map((page, i) =>
      i === 0 ? { ...page, body: `See [the form](/documents/${PDF(2)}) and [fees](/documents/${PDF(1)})` } : page,
    ),
  };
}

describe('contentRecords', () => {
  it('links each news item to its card on the archive page that lists it', () => {
    const records = contentRecords(content(), NOW).filter((record) => record.kind === 'news');
    expect(records).toHaveLength(21);
    expect(new Set(records.map((record) => record.url)).size).toBe(21);
    const urls = records.map((record) => record.url.split('#')[0]);
    expect(urls.filter((url) => url === '/eventsnews/news')).toHaveLength(20);
    expect(urls.filter((url) => url === '/eventsnews/news/2')).toHaveLength(1);
    expect(records[0]).toMatchObject({ title: expect.stringMatching(/^News/), text: expect.stringContaining('Story') });
  });

  it('finds photos by their captions on their gallery page, and circulars without a PDF on theirs', () => {
    const records = contentRecords(content(), NOW);
    const photos = records.filter((record) => record.kind === 'photo');
    expect(photos).toHaveLength(24); // the one without a caption has nothing to find
    expect(photos.at(-1)).toEqual({ url: '/gallery/2#photo-p24', title: 'Photo 24', kind: 'photo', text: 'Photo 24' });
    expect(records.filter((record) => record.kind === 'circular')).toEqual([
      { url: '/notifications-circular#circular-c2', title: 'Uniform', kind: 'circular', text: 'Uniform' },
    ]);
  });

  it('of a language, are its texts on its own pages', () => {
    const base = content();
    const hindi = { title: 'खेल दिवस', description: 'मैदान पर दौड़' };
    const translated: SiteContent = {
      ...base,
      settings: { ...base.settings, languages: ['en', 'hi'] },
      news: base.news.map((item, i) => (i === 0 ? { ...item, translations: { hi: hindi } } : item)),
    };
    const records = contentRecords(contentInLanguage(translated, 'hi'), NOW, 'hi');
    expect(records.find((record) => record.url.endsWith('#news-n0'))).toEqual({
      url: '/hi/eventsnews/news#news-n0',
      title: 'खेल दिवस',
      kind: 'news',
      text: 'खेल दिवस\nमैदान पर दौड़',
    });
    expect(records.every((record) => record.url.startsWith('/hi/'))).toBe(true);
    expect(contentRecords(translated, NOW).find((record) => record.url.endsWith('#news-n0'))?.url).toBe(
      '/eventsnews/news#news-n0',
    );
  });
});

describe('publicDocuments', () => {
  it('names a circular’s PDF after the circular, and a PDF only a page links as a document', () => {
    expect(publicDocuments(content())).toEqual([
      { documentId: PDF(1), title: 'Fees', about: 'Due in June', kind: 'circular' },
      { documentId: PDF(2), title: null, about: '', kind: 'document' },
    ]);
  });
});
