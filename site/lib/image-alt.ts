/**
 * The one rule for an image's text alternative, used by the public pages and the accessibility
 * checker: the item's own `alt` when set (`""` is decorative on purpose), else the media library's
 * alt of that image (`imageAlts`), else what the place showing it falls back to.
 */

/** An image as an item names it: its id and, if set, its own text alternative. */
export interface AltSource {
  imageId: string;
  alt?: string | undefined;
}

/** The media library's text alternatives, by image id (`SiteContent.imageAlts`). */
export type ImageAlts = Readonly<Record<string, string>>;

/** The alt an editor chose (the item's or the library's), or undefined when nobody set one. */
export function chosenAlt(image: AltSource, library: ImageAlts | undefined): string | undefined {
  if (image.alt !== undefined) return image.alt;
  const fromLibrary = library?.[image.imageId];
  return fromLibrary ? fromLibrary : undefined;
}

/** The alt a page gives the image: the chosen one, else `fallback` (what the page showed before alt texts). */
export function imageAlt(image: AltSource, library: ImageAlts | undefined, fallback: string): string {
  return chosenAlt(image, library) ?? fallback;
}

/**
 * The image with the library's alt filled in where it has none of its own, for an island that is
 * handed items but not the library: `imageAlt(image, undefined, fallback)` then gives the same answer.
 */
export function withLibraryAlt<T extends AltSource>(image: T, library: ImageAlts | undefined): T;
export function withLibraryAlt<T extends AltSource>(image: T | null, library: ImageAlts | undefined): T | null;
export function withLibraryAlt<T extends AltSource>(image: T | null, library: ImageAlts | undefined): T | null {
  if (!image || image.alt !== undefined) return image;
  const alt = chosenAlt(image, library);
  return alt === undefined ? image : { ...image, alt };
}

/**
 * True when the caption shown beside an image says just what its alt says (the gallery's default):
 * the caption is then hidden from screen readers (`aria-hidden`), which read the text once, not twice.
 */
export function captionRepeatsAlt(alt: string, caption: string): boolean {
  const said = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return said(alt) === said(caption);
}
