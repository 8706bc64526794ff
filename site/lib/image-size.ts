/**
 * Build time only (it reads files with sharp): the intrinsic size of stored images, so every
 * `<img>` gets explicit width and height. Never import this from an island.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_ID_PATTERN } from '../contract/content.ts';
import type { ImageSize } from './image-sources.ts';

const known = new Map<string, Promise<ImageSize | null>>();

/** The size of a stored image, or null when its file is missing or unreadable. */
export function imageSize(imageId: string): Promise<ImageSize | null> {
  let size = known.get(imageId);
  if (!size) {
    size = readSize(imageId);
    known.set(imageId, size);
    // An id names the same bytes forever; only a missing file may turn up later.
    void size.then((found) => found ?? known.delete(imageId));
  }
  return size;
}

/** The sizes of several images, keyed by id; images that cannot be read are left out. */
export async function imageSizes(imageIds: Iterable<string>): Promise<Record<string, ImageSize>> {
  const sizes: Record<string, ImageSize> = {};
  for (const id of new Set(imageIds)) {
    const size = await imageSize(id);
    if (size) sizes[id] = size;
  }
  return sizes;
}

async function readSize(imageId: string): Promise<ImageSize | null> {
  const uploads = process.env.SCHOOL_UPLOADS_DIR;
  if (!uploads || !IMAGE_ID_PATTERN.test(imageId)) return null;
  try {
    const { width, height } = await sharp(join(uploads, imageId)).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
