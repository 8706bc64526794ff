/**
 * What sharp does to an uploaded image before it is stored, and to a stored image for a smaller
 * rendition. A school's photos of children must not carry GPS positions: every stored image is
 * decoded and encoded afresh, which drops all metadata.
 */
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../http/errors.ts';
import { ANIMATABLE, DECODER_NAMES, type StoredFormat, sniffFormat } from './image-format.ts';

/** Larger images are refused (all frames of an animation count). */
export const MAX_PIXELS = 50_000_000;
/** Longest side of a stored image. */
export const MAX_SIDE = 2560;

export const UNSUPPORTED_MESSAGE = 'Only JPEG, PNG, WebP, AVIF or GIF images are accepted';
const DAMAGED_MESSAGE = 'The image could not be read: the file is damaged or incomplete';
const TOO_MANY_PIXELS_MESSAGE = 'The image is too large: at most 50 megapixels (for example 8000 × 6000) are accepted';

export interface NormalisedImage {
  data: Buffer;
  format: StoredFormat;
}

const ENCODERS: Record<StoredFormat, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 82, progressive: true }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 82 }),
  avif: (image) => image.avif(),
  gif: (image) => image.gif(),
};

/**
 * Checks that `input` is an image of an accepted format and size, judging by its header before
 * anything is decoded (a 20000 × 20000 header or a GIF with thousands of frames costs nothing),
 * then turns it upright, caps its longest side and encodes it again in its own format.
 */
export async function normaliseImage(input: Uint8Array): Promise<NormalisedImage> {
  const format = sniffFormat(input);
  if (!format) throw new HttpError(415, UNSUPPORTED_MESSAGE);
  // Only the header is read here, so sharp's own pixel limit need not apply yet: ours follows.
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new HttpError(400, DAMAGED_MESSAGE);
    });
  if (header.format !== DECODER_NAMES[format] || (format === 'avif' && header.compression !== 'av1')) {
    throw new HttpError(415, UNSUPPORTED_MESSAGE);
  }
  const frames = ANIMATABLE.has(format) ? (header.pages ?? 1) : 1;
  if (header.width * header.height * frames > MAX_PIXELS) throw new HttpError(413, TOO_MANY_PIXELS_MESSAGE);

  const image = sharp(input, { animated: frames > 1, limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const data = await ENCODERS[format](image)
    .toBuffer()
    .catch(() => {
      throw new HttpError(400, DAMAGED_MESSAGE);
    });
  return { data, format };
}

/** A WebP of a stored image at `width` pixels wide, or at its own width when it is narrower. */
export function makeRendition(stored: Buffer, format: StoredFormat, width: number): Promise<Buffer> {
  return sharp(stored, { animated: ANIMATABLE.has(format), limitInputPixels: MAX_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}
