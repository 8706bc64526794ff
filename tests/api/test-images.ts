/** Images made with sharp for the tests: good ones, and the kinds an upload must refuse. */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo as a phone takes it: stored sideways with EXIF orientation 6, and a GPS position. */
export function sidewaysPhotoWithGps(): Promise<Buffer> {
  // Stored 60 wide and 40 high: red on the left, blue on the right. Upright (turned 90° clockwise)
  // it is 40 wide and 60 high, red on top.
  const red = { r: 220, g: 0, b: 0 };
  const blue = { r: 0, g: 0, b: 220 };
  const half = (background: typeof red) =>
    sharp({ create: { width: 30, height: 40, channels: 3, background } })
      .png()
      .toBuffer();
  return Promise.all([half(red), half(blue)]).then(([left, right]) =>
    sharp({ create: { width: 60, height: 40, channels: 3, background: red } })
      .composite([
        { input: left!, left: 0, top: 0 },
        { input: right!, left: 30, top: 0 },
      ])
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'Test 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 58/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 35/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
  );
}

/** True when raw EXIF data holds a GPS section (the GPS IFD pointer, tag 0x8825). */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
}

export function solidImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif',
  width = 48,
  height = 32,
  colour = { r: 40, g: 140, b: 90 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

/** A PNG of random pixels (so it does not compress), cut off half way. */
export async function truncatedPng(): Promise<Buffer> {
  const size = 200;
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  const png = await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
  return png.subarray(0, Math.floor(png.length / 2));
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

/** A PNG whose header claims `width` × `height` pixels, with one tiny (and short) data chunk. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, truecolour
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF whose header claims `frames` frames of `width` × `height` pixels, while each frame holds
 * one pixel of data: tiny on disk, enormous once decoded (a "GIF bomb").
 */
export function gifClaiming(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes = [...Buffer.from('GIF89a', 'latin1'), ...u16(width), ...u16(height), 0x80, 0, 0];
  bytes.push(0, 0, 0, 255, 255, 255); // a two-colour palette
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00);
  for (let i = 0; i < frames; i += 1) {
    bytes.push(0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00); // 100 ms per frame
    // The frame: at 0,0, the whole size; LZW codes "clear, pixel 0, end" in one data block.
    bytes.push(0x2c, ...u16(0), ...u16(0), ...u16(width), ...u16(height), 0x00, 0x02, 0x02, 0x44, 0x01, 0x00);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

/** An animated GIF of `frames` frames, each `width` × `height`. */
export async function animatedGif(frames: number, width: number, height: number): Promise<Buffer> {
  const frame = (i: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: (i * 40) % 256, g: 90, b: 160 } } })
      .png()
      .toBuffer();
  const pngs = await Promise.all(Array.from({ length: frames }, (_, i) => frame(i)));
  return sharp(pngs, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** The colour of one pixel of an image. */
export async function pixel(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}
