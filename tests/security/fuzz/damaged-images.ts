/** Real images with some bytes changed: anything but a server error, and nothing stored changes. */
import fc from 'fast-check';
import type { Context, Planned } from './routes.ts';

export const damagedImage = fc.record({
  source: fc.nat(),
  flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
  cutAt: fc.option(fc.nat()),
});
export type DamagedImage = typeof damagedImage extends fc.Arbitrary<infer D> ? D : never;

/** An upload of one of `images` with some bytes changed (and perhaps cut short). */
export function planDamagedImage(d: DamagedImage, images: readonly Buffer[], c: Context): Planned {
  const bytes = Buffer.from(images[d.source % images.length]!);
  for (const [at, value] of d.flips) bytes[at % bytes.length] = value;
  const file = d.cutAt === null ? bytes : bytes.subarray(0, 1 + (d.cutAt % bytes.length));
  const boundary = 'fuzzboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="damaged"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    label: 'damaged image',
    request: {
      method: 'POST',
      path: '/api/upload',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    },
    expect: { kind: 'anything but a server error' },
  };
}
