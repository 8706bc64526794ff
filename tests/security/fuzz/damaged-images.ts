/** Real images with some bytes changed: anything but a server error, and nothing stored changes. */
import fc from 'fast-check';
import { damage, damagedUpload, MULTIPART } from './damaged-upload.ts';
import type { Context, Planned } from './routes.ts';

export const damagedImage = fc.record(damage(1));
export type DamagedImage = typeof damagedImage extends fc.Arbitrary<infer D> ? D : never;

/** An upload of one of `images` with some bytes changed (and perhaps cut short). */
export function planDamagedImage(d: DamagedImage, images: readonly Buffer[], c: Context): Planned {
  const { body } = damagedUpload(d, images, 'damaged', 'image/png');
  return {
    label: 'damaged image',
    request: {
      method: 'POST',
      path: '/api/upload',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': MULTIPART },
      body,
    },
    expect: { kind: 'anything but a server error' },
  };
}
