/**
 * Where a stored image is served: `/images/<imageId>`, and WebP renditions of it at the widths
 * below (never larger than the image itself) at `/images/<imageId>-<width>.webp`: static paths, so
 * a static build or a bucket holds one file per rendition. Used by the pages and the islands alike.
 */
export const RENDITION_WIDTHS = [320, 640, 960, 1280] as const;

export interface ImageSize {
  width: number;
  height: number;
}

export function imageUrl(imageId: string, width?: number): string {
  const path = `/images/${encodeURIComponent(imageId)}`;
  return width === undefined ? path : `${path}-${width}.webp`;
}

export interface ImageSources {
  src: string;
  srcset: string;
}

/**
 * A `src` and a `srcset` for an image. Knowing the image's width, the set stops at the first
 * rendition that is as wide as the image (the server never upscales, so that one is the whole
 * image) and describes it with the image's real width.
 */
export function imageSources(imageId: string, size?: ImageSize | null): ImageSources {
  const candidates: string[] = [];
  for (const width of RENDITION_WIDTHS) {
    if (size && width >= size.width) {
      candidates.push(`${imageUrl(imageId, width)} ${size.width}w`);
      break;
    }
    candidates.push(`${imageUrl(imageId, width)} ${width}w`);
  }
  const fallback = size && size.width <= 640 ? candidates.at(-1)!.split(' ')[0]! : imageUrl(imageId, 640);
  return { src: fallback, srcset: candidates.join(', ') };
}
