/**
 * The app's icon at a size (the manifest's, the notifications'): the school's first logo, centred
 * on white in a square, or, before one is uploaded, the crest the header shows (the favicon).
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const CREST = new URL('../../site/public/favicon.svg', import.meta.url);

/** A PNG `size` pixels square of `logo` (an image's bytes), or of the crest when there is none. */
export async function appIcon(logo: Buffer | null, size: number): Promise<Buffer> {
  const source = logo ?? (await readFile(CREST));
  // Drawn a little inside the square: a home screen may cut its corners round.
  const inner = Math.round(size * 0.8);
  const drawn = await sharp(source, { density: logo ? undefined : Math.ceil((72 * inner) / 64) })
    .resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .flatten({ background: '#ffffff' })
    .toBuffer();
  const margin = Math.floor((size - inner) / 2);
  return sharp(drawn)
    .extend({
      top: margin,
      bottom: size - inner - margin,
      left: margin,
      right: size - inner - margin,
      background: '#ffffff',
    })
    .png()
    .toBuffer();
}
