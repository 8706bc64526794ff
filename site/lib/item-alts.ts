/** Events and news handed to an island with the media library's text alternatives filled in (image-alt.ts). */
import type { ImageRef } from '../contract/content.ts';
import { type ImageAlts, withLibraryAlt } from './image-alt.ts';

export function withLibraryAlts<T extends { image: ImageRef | null }>(
  items: readonly T[],
  library: ImageAlts | undefined,
): T[] {
  return items.map((item) => {
    const image = withLibraryAlt(item.image, library);
    return image === item.image ? item : { ...item, image };
  });
}

/** The library's alts of just the images of `items`: what an island needs of it, no more. */
export function libraryAltsOf(
  items: readonly { image: ImageRef | null }[],
  library: ImageAlts | undefined,
): Record<string, string> {
  const alts: Record<string, string> = {};
  for (const { image } of items) {
    const alt = image && library?.[image.imageId];
    if (image && alt) alts[image.imageId] = alt;
  }
  return alts;
}
