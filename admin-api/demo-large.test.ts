import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { GalleryItem, SchoolEvent } from '../site/contract/content.ts';
import { PUBLISHED_NOW } from '../site/contract/publication.ts';
import { DESCRIPTION_LENGTH, LIMIT_COUNTS, largeEvents, largeGallery } from './demo-large.ts';
import { storeDistinctPhotos } from './demo-photos.ts';
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
