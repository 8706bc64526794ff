/**
 * The image formats the site accepts, recognised by their first bytes (never by the file's name or
 * declared type), so that no other decoder (SVG, PDF, TIFF…) ever sees an uploaded file.
 */
export const STORED_FORMATS = ['jpg', 'png', 'webp', 'avif', 'gif'] as const;
export type StoredFormat = (typeof STORED_FORMATS)[number];

export const CONTENT_TYPES: Record<StoredFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The name sharp's `metadata().format` gives each accepted format. */
export const DECODER_NAMES: Record<StoredFormat, string> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
  gif: 'gif',
};

/** Formats that may hold several frames (an animation). */
export const ANIMATABLE: ReadonlySet<StoredFormat> = new Set(['gif', 'webp']);

const PNG_SIGNATURE = '\x89PNG\r\n\x1a\n';
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The accepted format `bytes` start like, or null for anything else. */
export function sniffFormat(bytes: Uint8Array): StoredFormat | null {
  const ascii = (start: number, end: number) =>
    String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (ascii(0, 8) === PNG_SIGNATURE) return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ftypBrands(bytes, ascii).some((brand) => AVIF_BRANDS.has(brand))) {
    return 'avif';
  }
  return null;
}

/** The major and compatible brands of an ISO-BMFF `ftyp` box (the file's first box). */
function ftypBrands(bytes: Uint8Array, ascii: (start: number, end: number) => string): string[] {
  const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, 256);
  const brands = [ascii(8, 12)];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    brands.push(ascii(offset, offset + 4));
  }
  return brands;
}
