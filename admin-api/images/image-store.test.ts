import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_ID_PATTERN } from '../../site/contract/content.ts';
import {
  animatedGif,
  gifClaiming,
  hasGpsTag,
  pixel,
  pngClaiming,
  sidewaysPhotoWithGps,
  solidImage,
  svgWithScript,
  truncatedPng,
} from '../../tests/api/test-images.ts';
import { HttpError } from '../http/errors.ts';
import { cleanName, ImageStore } from './image-store.ts';

let dir: string;
let images: ImageStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'image-store-'));
  images = new ImageStore(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The refusal `promise` ends with: its status and message. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}

const ONLY_IMAGES = 'Only JPEG, PNG, WebP, AVIF or GIF images are accepted';

describe('saving an upload', () => {
  it('turns a sideways phone photo upright and keeps none of its metadata', async () => {
    const photo = await sidewaysPhotoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsTag(before.exif)).toBe(true);

    const { imageId, originalName } = await images.save(photo, 'IMG_0042.jpg');
    expect(imageId).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(originalName).toBe('IMG_0042.jpg');
    const stored = (await images.original(imageId))!.body;
    const after = await sharp(stored).metadata();
    expect([after.width, after.height]).toEqual([40, 60]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
    const top = await pixel(stored, 20, 5);
    const bottom = await pixel(stored, 20, 55);
    expect(top.r).toBeGreaterThan(150);
    expect(top.b).toBeLessThan(80);
    expect(bottom.b).toBeGreaterThan(150);
    expect(bottom.r).toBeLessThan(80);
  });

  it('names an image by its bytes: the same picture twice is one file with one id', async () => {
    const picture = await solidImage('png');
    const first = await images.save(picture, 'a.png');
    const second = await images.save(picture, 'b.png');
    expect(second.imageId).toBe(first.imageId);
    expect(await readdir(dir)).toEqual([first.imageId]);
    const other = await images.save(await solidImage('png', 48, 32, { r: 1, g: 2, b: 3 }), 'c.png');
    expect(other.imageId).not.toBe(first.imageId);
  });

  it.each([
    ['jpeg', 'jpg'],
    ['png', 'png'],
    ['webp', 'webp'],
    ['gif', 'gif'],
    ['avif', 'avif'],
  ] as const)('keeps a %s as %s, served with its content type', async (format, extension) => {
    const { imageId } = await images.save(await solidImage(format), `picture.${format}`);
    expect(imageId).toMatch(IMAGE_ID_PATTERN);
    expect(imageId.endsWith(`.${extension}`)).toBe(true);
    const served = (await images.original(imageId))!;
    expect(served.type).toBe(format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
    expect((await sharp(served.body).metadata()).width).toBe(48);
  });

  it('caps the longest side at 2560 pixels, keeping the proportions', async () => {
    const { imageId } = await images.save(await solidImage('png', 3200, 800), 'wide.png');
    const { width, height } = await sharp((await images.original(imageId))!.body).metadata();
    expect([width, height]).toEqual([2560, 640]);
  });

  it('keeps an animated GIF animated', async () => {
    const { imageId } = await images.save(await animatedGif(3, 40, 30), 'wave.gif');
    const { pages, width, height } = await sharp((await images.original(imageId))!.body).metadata();
    expect([pages, width, height]).toEqual([3, 40, 30]);
  });

  it('refuses what is not an image of an accepted format, whatever its name says', async () => {
    expect(await refusal(images.save(Buffer.from('just some text, honestly'), 'photo.png'))).toEqual({
      status: 415,
      message: ONLY_IMAGES,
    });
    expect(await refusal(images.save(svgWithScript, 'logo.svg'))).toEqual({ status: 415, message: ONLY_IMAGES });
    const tiff = await sharp(await solidImage('png'))
      .tiff()
      .toBuffer();
    expect(await refusal(images.save(tiff, 'scan.jpg'))).toEqual({ status: 415, message: ONLY_IMAGES });
    expect(await refusal(images.save(new Uint8Array(0), 'empty.jpg'))).toEqual({ status: 415, message: ONLY_IMAGES });
  });

  it('refuses a damaged image', async () => {
    const { status, message } = await refusal(images.save(await truncatedPng(), 'cut.png'));
    expect(status).toBe(400);
    expect(message).toMatch(/damaged or incomplete/);
  });

  it('refuses images over 50 megapixels from their header, before decoding them', async () => {
    const huge = pngClaiming(20_000, 20_000);
    expect(huge.length).toBeLessThan(2000);
    expect(await refusal(images.save(huge, 'huge.png'))).toMatchObject({
      status: 413,
      message: expect.stringMatching(/50 megapixels/),
    });
    // A GIF bomb: 3 frames of 5000 × 5000 make 75 megapixels, in a few hundred bytes.
    const bomb = gifClaiming(5000, 5000, 3);
    expect(bomb.length).toBeLessThan(500);
    expect(await refusal(images.save(bomb, 'bomb.gif'))).toMatchObject({ status: 413 });
    expect(await readdir(dir)).toEqual([]);
  });

  it('accepts exactly 50 megapixels as far as the header goes', async () => {
    // 10000 × 5000 is allowed by size; this one is refused only because its data is missing.
    expect(await refusal(images.save(pngClaiming(10_000, 5000), 'big.png'))).toMatchObject({ status: 400 });
  });
});

describe('renditions', () => {
  it('makes a WebP of the asked width once and keeps it on disk', async () => {
    const { imageId } = await images.save(await solidImage('jpeg', 1000, 500), 'hall.jpg');
    const small = (await images.rendition(imageId, 320))!;
    expect(small.type).toBe('image/webp');
    expect(small.etag).not.toBe((await images.original(imageId))!.etag);
    const { format, width, height } = await sharp(small.body).metadata();
    expect([format, width, height]).toEqual(['webp', 320, 160]);
    const kept = join(dir, 'renditions', `${imageId}.w320.webp`);
    const madeAt = (await stat(kept)).mtimeMs;
    expect((await images.rendition(imageId, 320))!.body.equals(small.body)).toBe(true);
    expect((await stat(kept)).mtimeMs).toBe(madeAt);
  });

  it('never makes an image larger than it is', async () => {
    const { imageId } = await images.save(await solidImage('png', 500, 250), 'small.png');
    const { width } = await sharp((await images.rendition(imageId, 1280))!.body).metadata();
    expect(width).toBe(500);
  });

  it('answers the same rendition to many requests at once', async () => {
    const { imageId } = await images.save(await solidImage('png', 800, 400), 'busy.png');
    const answers = await Promise.all(Array.from({ length: 5 }, () => images.rendition(imageId, 640)));
    expect(new Set(answers.map((answer) => answer!.body.toString('base64'))).size).toBe(1);
    expect(await readdir(join(dir, 'renditions'))).toEqual([`${imageId}.w640.webp`]);
  });

  it('keeps an animation in its renditions', async () => {
    const { imageId } = await images.save(await animatedGif(3, 400, 300), 'wave.gif');
    const { pages, width } = await sharp((await images.rendition(imageId, 320))!.body).metadata();
    expect([pages, width]).toEqual([3, 320]);
  });

  it('has nothing for an unknown or malformed id', async () => {
    expect(await images.rendition(`${'0'.repeat(32)}.png`, 320)).toBeNull();
    expect(await images.original(`${'0'.repeat(32)}.png`)).toBeNull();
    expect(await images.original('../secret.png')).toBeNull();
    expect(await images.has('../../etc/passwd')).toBe(false);
  });
});

describe('removing', () => {
  it('deletes an image and its renditions', async () => {
    const { imageId } = await images.save(await solidImage('png', 700, 300), 'old.png');
    await images.rendition(imageId, 320);
    await images.rendition(imageId, 640);
    await images.remove(imageId);
    expect(await images.has(imageId)).toBe(false);
    expect(await readdir(join(dir, 'renditions'))).toEqual([]);
    await images.remove(imageId); // again: nothing to do, no error
  });

  it('sweeps old uploads nothing refers to, and leaves recent or used ones', async () => {
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    const used = await images.save(await solidImage('png', 10, 10, { r: 1, g: 1, b: 1 }), 'used.png');
    const stale = await images.save(await solidImage('png', 10, 10, { r: 2, g: 2, b: 2 }), 'stale.png');
    const fresh = await images.save(await solidImage('png', 10, 10, { r: 3, g: 3, b: 3 }), 'fresh.png');
    await images.rendition(stale.imageId, 320);
    await writeFile(join(dir, '.incoming-left-by-a-crash'), 'half');
    await writeFile(join(dir, 'renditions', `${'f'.repeat(32)}.png.w320.webp`), 'orphan');
    for (const name of [used.imageId, stale.imageId, '.incoming-left-by-a-crash']) {
      await utimes(join(dir, name), dayAgo, dayAgo);
    }
    await utimes(join(dir, 'renditions', `${'f'.repeat(32)}.png.w320.webp`), dayAgo, dayAgo);

    const removed = await images.sweep(new Set([used.imageId]), new Date(Date.now() - 24 * 60 * 60_000));
    expect(removed).toEqual([stale.imageId]);
    expect((await readdir(dir)).sort()).toEqual([fresh.imageId, 'renditions', used.imageId].sort());
    expect(await readdir(join(dir, 'renditions'))).toEqual([]);
  });

  it('counts a day from the latest upload of the same picture', async () => {
    const picture = await solidImage('png', 10, 10);
    const { imageId } = await images.save(picture, 'a.png');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    await utimes(join(dir, imageId), dayAgo, dayAgo);
    await images.save(picture, 'a again.png');
    expect(await images.sweep(new Set(), new Date(Date.now() - 24 * 60 * 60_000))).toEqual([]);
    expect(await images.has(imageId)).toBe(true);
  });
});

describe('cleanName', () => {
  it('keeps the file name only, without control characters, at most 255 characters', () => {
    expect(cleanName('C:\\Users\\me\\Pictures\\Sports day.jpg')).toBe('Sports day.jpg');
    expect(cleanName('../../etc/passwd')).toBe('passwd');
    expect(cleanName(' photo\u0000\u001b[31m.png ')).toBe('photo[31m.png');
    expect(cleanName('x'.repeat(300))).toHaveLength(255);
  });
});
