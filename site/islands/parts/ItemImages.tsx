import type { ImageRef } from '../../contract/content.ts';
import { imageAlt } from '../../lib/image-alt.ts';
import type { ImageSize } from '../../lib/image-sources.ts';
import { StoredImage } from './StoredImage.tsx';

/** The size of a stored image, as measured when the page was rendered (null when unknown). */
export type SizeOf = (imageId: string) => ImageSize | null;

/** The small picture on an event or news card; decorative, the title says what it is. */
export function ItemThumb({ image, sizeOf }: { image: ImageRef | null; sizeOf: SizeOf }) {
  if (!image) return null;
  return (
    <StoredImage className="item-thumb" imageId={image.imageId} alt="" size={sizeOf(image.imageId)} sizes="8rem" />
  );
}

/**
 * The picture in an event's or a news item's popup: its text alternative (the page filled in the
 * media library's, withLibraryAlt), else `fallback`, the item's title.
 */
export function DetailsImage({
  image,
  fallback,
  sizeOf,
}: {
  image: ImageRef | null;
  fallback: string;
  sizeOf: SizeOf;
}) {
  if (!image) return null;
  return (
    <StoredImage
      className="details-image"
      imageId={image.imageId}
      alt={imageAlt(image, undefined, fallback)}
      size={sizeOf(image.imageId)}
      sizes="(min-width: 42rem) 40rem, 100vw"
      eager
    />
  );
}
