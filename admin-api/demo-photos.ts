/**
 * Distinct demo photos for the large demos: each an 800 × 600 JPEG of its own (a blurred field of
 * coloured noise, seeded by its number), stored through the image store as an upload through the
 * API would store it. A school's photos are separate uploads, so a realistic large site has as many
 * image files as photos.
 */
import sharp from 'sharp';
import type { ImageRef } from '../site/contract/content.ts';
import type { ImageStore } from './images/image-store.ts';

const WIDTH = 800;
const HEIGHT = 600;
/** The noise is drawn this much smaller and enlarged: soft patches, a few dozen KB a photo, like a real one. */
const SCALE = 20;
/** sharp and libvips use a thread per core: two photos at a time keep both busy. */
const PARALLEL = 2;

/** A JPEG that differs from every other `n`: its pixels come from a generator seeded by `n`. */
export function distinctJpeg(n: number): Promise<Buffer> {
  const [width, height] = [WIDTH / SCALE, HEIGHT / SCALE];
  const pixels = Buffer.alloc(width * height * 3);
  let seed = (n + 1) * 2_654_435_761;
  for (let i = 0; i < pixels.length; i++) {
    // xorshift32: the same photo for the same number, on every run.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    pixels[i] = seed & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Stores `count` distinct photos, two at a time; `progress` hears how many are done. */
export async function storeDistinctPhotos(
  images: ImageStore,
  count: number,
  progress: (done: number) => void = () => {},
): Promise<ImageRef[]> {
  const stored: ImageRef[] = new Array(count);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      stored[n] = await images.save(await distinctJpeg(n), `photo-${n + 1}.jpg`);
      if (++done % 500 === 0) progress(done);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return stored;
}
