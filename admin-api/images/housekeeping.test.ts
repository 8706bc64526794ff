import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ImageRef, SiteContent } from '../../site/contract/content.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { solidImage } from '../../tests/api/test-images.ts';
import { defaultContent } from '../store/default-content.ts';
import { JsonDocument } from '../store/json-document.ts';
import type { ContentStore } from '../store/stores.ts';
import { removeDroppedImages, sweepUnattachedUploads, UNATTACHED_UPLOAD_LIFETIME_MS } from './housekeeping.ts';
import { ImageStore } from './image-store.ts';

let dir: string;
let content: ContentStore;
let images: ImageStore;
let stop: () => void;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'housekeeping-'));
  content = await JsonDocument.open(join(dir, 'content.json'), SiteContent, defaultContent);
  images = new ImageStore(join(dir, 'uploads'));
  stop = removeDroppedImages(content, images);
});
afterEach(async () => {
  stop();
  await content.settled();
  await rm(dir, { recursive: true, force: true });
});

let shade = 0;
const upload = async () => images.save(await solidImage('png', 8, 8, { r: ++shade, g: 0, b: 0 }), 'p.png');
const photo = (image: ImageRef) => ({
  _id: randomUUID(),
  imageId: image.imageId,
  caption: 'A photo',
  ...PUBLISHED_NOW,
});

describe('removeDroppedImages', () => {
  it('deletes an image once no item refers to it any more', async () => {
    const image = await upload();
    await content.update((c) => void c.gallery.push(photo(image)));
    await content.update((c) => void c.homegallery.push(photo(image)));

    await content.update((c) => {
      c.gallery = [];
    });
    await content.settled();
    expect(await images.has(image.imageId)).toBe(true); // the home gallery still shows it

    await content.update((c) => {
      c.homegallery = [];
    });
    await content.settled();
    expect(await images.has(image.imageId)).toBe(false);
  });

  it('deletes a replaced leadership image and keeps the new one', async () => {
    const [old, replacement] = [await upload(), await upload()];
    await content.update((c) => {
      c.presidentImage = old;
    });
    await content.update((c) => {
      c.presidentImage = replacement;
    });
    await content.settled();
    expect(await images.has(old.imageId)).toBe(false);
    expect(await images.has(replacement.imageId)).toBe(true);
  });

  it('keeps an image that a change queued meanwhile attaches again', async () => {
    const image = await upload();
    await content.update((c) => {
      c.logos = [{ _id: randomUUID(), ...image }];
    });
    const dropped = content.update((c) => {
      c.logos = [];
    });
    const attachedAgain = content.update((c) => void c.gallery.push(photo(image)));
    await Promise.all([dropped, attachedAgain]);
    await content.settled();
    expect(await images.has(image.imageId)).toBe(true);
  });
});

describe('sweepUnattachedUploads', () => {
  it('deletes uploads never attached once they are a day old', async () => {
    const [attached, unattached] = [await upload(), await upload()];
    await content.update((c) => void c.gallery.push(photo(attached)));
    const savedAt = new Date();

    const early = new Date(savedAt.getTime() + UNATTACHED_UPLOAD_LIFETIME_MS - 60_000);
    expect(await sweepUnattachedUploads(content, images, early)).toEqual([]);

    const dayLater = new Date(savedAt.getTime() + UNATTACHED_UPLOAD_LIFETIME_MS + 60_000);
    expect(await sweepUnattachedUploads(content, images, dayLater)).toEqual([unattached.imageId]);
    expect(await images.has(attached.imageId)).toBe(true);
    expect(await images.has(unattached.imageId)).toBe(false);
  });

  it('leaves an old upload that is attached meanwhile', async () => {
    const image = await upload();
    const old = new Date(Date.now() - 2 * UNATTACHED_UPLOAD_LIFETIME_MS);
    await utimes(join(images.dir, image.imageId), old, old);
    const attaching = content.update((c) => void c.gallery.push(photo(image)));
    const sweeping = sweepUnattachedUploads(content, images);
    await attaching;
    expect(await sweeping).toEqual([]);
    expect(await images.has(image.imageId)).toBe(true);
  });
});
