import { type ImageSize, imageSources } from '../../lib/image-sources.ts';

interface StoredImageProps {
  imageId: string;
  alt: string;
  sizes: string;
  /** Measured at build time; unknown for items that only the API answered. */
  size?: ImageSize | null;
  eager?: boolean;
  className?: string;
}

/** A stored image in an island: renditions in a srcset, its size when known, lazy by default. */
export function StoredImage({ imageId, alt, sizes, size, eager = false, className }: StoredImageProps) {
  const { src, srcset } = imageSources(imageId, size);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcset}
      sizes={sizes}
      width={size?.width}
      height={size?.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
