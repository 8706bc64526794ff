import type { Finding } from '../../contract/accessibility.ts';
import { type AltSource, chosenAlt, type ImageAlts } from '../image-alt.ts';
import { imageAltMessage } from './messages.ts';

/**
 * The finding of an image with no text alternative and not marked decorative (`alt: ""`): neither
 * its own, nor the media library's, nor what its place falls back to (a gallery photo's caption).
 * `name` names it for the editor.
 */
export function imageFindings(
  image: AltSource,
  library: ImageAlts | undefined,
  name: string,
  fallback = '',
): Finding[] {
  if (chosenAlt(image, library) !== undefined || fallback.trim()) return [];
  return [{ kind: 'image-alt', target: name, message: imageAltMessage(name) }];
}
