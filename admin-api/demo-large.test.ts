import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { GalleryItem, SchoolEvent } from '../site/contract/content.ts';
import { PUBLISHED_NOW } from '../site/contract/publication.ts';
import { DEMO_EVENTS } from './demo-content.ts';
import { DESCRIPTION_LENGTH, LIMIT_COUNTS, largeEvents, largeGallery, largeNews } from './demo-large.ts';
import { storeDistinctPhotos } from './demo-photos.ts';
import { DEMO_EVENTS_IN } from './demo-translations.ts';
import { ImageStore } from './images/image-store.ts';

const event: SchoolEvent = {
  _id: 'e',
  title: 'Sports day',
  description: 'Races and relays on the school ground.',
  date: '2026-01-01',
  time: '09:00',
  location: '',
  image: null,
  ...PUBLISHED_NOW,
};

it('stores each photo as an upload of its own: distinct image files of 800 × 600', async () => {
  const uploads = await mkdtemp(join(tmpdir(), 'demo-photos-'));
  try {
    const images = new ImageStore(uploads);
    const photos = await storeDistinctPhotos(images, 6);
    expect(new Set(photos.map((photo) => photo.imageId)).size).toBe(6);
    const stored = (await readdir(uploads)).filter((name) => name.endsWith('.jpg'));
    expect(stored.sort()).toEqual(photos.map((photo) => photo.imageId).sort());
    expect(await sharp(join(uploads, stored[0]!)).metadata()).toMatchObject({ width: 800, height: 600 });
    const gallery = largeGallery(
      [{ _id: 'g', imageId: 'x', caption: 'Assembly', ...PUBLISHED_NOW } as GalleryItem],
      photos,
      6,
    );
    expect(new Set(gallery.map((item) => item.imageId)).size).toBe(6);
  } finally {
    await rm(uploads, { recursive: true, force: true });
  }
});

it('writes descriptions of about 250 characters, and the limit set spreads its events over the years', () => {
  const events = largeEvents([event], '2026-06-01', LIMIT_COUNTS);
  expect(events).toHaveLength(LIMIT_COUNTS.events);
  for (const { description } of events.slice(0, 10)) {
    expect(description.length).toBeGreaterThan(DESCRIPTION_LENGTH - 40);
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH + 1);
  }
  const years = new Set(events.map((item) => item.date.slice(0, 4)));
  expect(years.size).toBeGreaterThanOrEqual(10);
});

it('numbers a copy’s translated title and caption as its English one, and lengthens its description in each language', () => {
  const translated = { ...event, translations: { hi: { title: 'खेल दिवस', description: 'मैदान पर दौड़ें।' } } };
  const [, second] = largeEvents([translated], '2026-06-01');
  expect(second!.title).toBe('Sports day (2)');
  expect(second!.translations!.hi!.title).toBe('खेल दिवस (2)');
  expect(second!.translations!.hi!.description).toMatch(/^मैदान पर दौड़ें। अभिभावकों का स्वागत है;.*।$/);
  expect(second!.translations!.hi!.description!.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH + 1);

  const news = { ...translated, publishDate: '2026-05-01', expiryDate: null, priority: 'low' as const };
  expect(largeNews([news], '2026-06-01')[2]!.translations!.hi!.title).toBe('खेल दिवस (3)');

  const photo = {
    _id: 'g',
    imageId: 'x',
    caption: 'Assembly',
    alt: 'A drawing',
    translations: { ar: { caption: 'طابور الصباح', alt: 'رسم' } },
    ...PUBLISHED_NOW,
  } as GalleryItem;
  const [copy] = largeGallery([photo], [{ imageId: 'y', originalName: '' }], 1);
  expect(copy).toMatchObject({ caption: 'Assembly (1)', alt: 'Soft, blurred patches of colour' });
  expect(copy!.translations).toEqual({ ar: { caption: 'طابور الصباح (1)', alt: 'بقع ملوّنة ناعمة ضبابية' } });
});

it('ends every lengthened description, in every language, with one full stop after a word', () => {
  const base = DEMO_EVENTS.map((demo, index) => ({ ...event, ...demo, translations: DEMO_EVENTS_IN[index] }));
  const descriptions = largeEvents(base, '2026-06-01').flatMap((copy) => [
    copy.description,
    ...Object.values(copy.translations!).map((texts) => texts.description!),
  ]);
  for (const description of descriptions) expect(description).toMatch(/[^\p{P}\s][.।]$/u);
});
