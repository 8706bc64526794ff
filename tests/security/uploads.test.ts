/**
 * Hostile files: whatever is sent to POST /api/upload, only a decoded and re-encoded image of an
 * accepted kind is ever stored or served, and everything else is refused with a 4xx JSON message.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { upload } from '../api/helpers.ts';
import {
  gifClaiming,
  hasGpsTag,
  pixel,
  pngClaiming,
  sidewaysPhotoWithGps,
  solidImage,
  svgWithScript,
  truncatedPng,
} from '../api/test-images.ts';
import { testServer } from '../support/harness.ts';
import { filesUnder, fileTally, rawRequest } from './support.ts';

const tally = fileTally('Upload attacks');
const site = testServer({ admin: true });

const ONLY_IMAGES = 'Only JPEG, PNG, WebP, AVIF or GIF images are accepted';
const DAMAGED = 'The image could not be read: the file is damaged or incomplete';
const TOO_MANY_PIXELS = 'The image is too large: at most 50 megapixels (for example 8000 × 6000) are accepted';
const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/admin/alumni")</script></body></html>');

async function refusals(): Promise<[what: string, bytes: Uint8Array, name: string, status: number, message: string][]> {
  const png = await solidImage('png');
  return [
    ['a text file renamed .png', Buffer.from('Minutes of the staff meeting.\n'), 'minutes.png', 415, ONLY_IMAGES],
    ['an SVG with a script', svgWithScript, 'logo.svg', 415, ONLY_IMAGES],
    ['an SVG with a script, renamed .png', svgWithScript, 'logo.png', 415, ONLY_IMAGES],
    ['an HTML page', html, 'page.html', 415, ONLY_IMAGES],
    ['an HTML page renamed .jpg', html, 'photo.jpg', 415, ONLY_IMAGES],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'), 'circular.pdf', 415, ONLY_IMAGES],
    ['a truncated PNG', await truncatedPng(), 'cut.png', 400, DAMAGED],
    ['a PNG signature and nothing else', png.subarray(0, 8), 'stub.png', 400, DAMAGED],
    [
      'an 11 MB file',
      Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]),
      'huge.png',
      413,
      'The image is larger than 10 MB',
    ],
    ['a PNG whose header claims 20000×20000', pngClaiming(20000, 20000), 'giant.png', 413, TOO_MANY_PIXELS],
    ['a GIF bomb: one 10000×10000 frame', gifClaiming(10000, 10000, 1), 'bomb.gif', 413, TOO_MANY_PIXELS],
    ['a GIF bomb: 300 frames of 1000×1000', gifClaiming(1000, 1000, 300), 'frames.gif', 413, TOO_MANY_PIXELS],
    ['an empty file', Buffer.alloc(0), 'empty.png', 400, 'The chosen file is empty'],
  ];
}

const storedNow = () => filesUnder(site.uploadsDir);

describe('POST /api/upload', () => {
  it('refuses every file that is not a whole image of an accepted kind and size with a 4xx JSON message', async () => {
    const before = await storedNow();
    for (const [what, bytes, name, status, message] of await refusals()) {
      const answer = await upload(site.url, site.token, bytes, name);
      expect({ what, status: answer.status, body: answer.body }).toEqual({ what, status, body: { message } });
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      tally.add('hostile files refused');
    }
    expect(await storedNow()).toEqual(before);
    expect((await fetch(`${site.url}/api/content`)).status).toBe(200);
  });

  it('refuses malformed forms with a 4xx JSON message', async () => {
    const forms: [what: string, type: string, body: string][] = [
      ['no boundary', 'multipart/form-data', 'file=x'],
      ['a boundary that never comes', 'multipart/form-data; boundary=abc', '--xyz\r\n\r\nnothing\r\n'],
      [
        'a part without its end',
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      ],
      [
        'the file as a plain field',
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="file"\r\n\r\n<svg/>\r\n--abc--\r\n',
      ],
    ];
    for (const [what, type, body] of forms) {
      const answer = await rawRequest(site.url, {
        method: 'POST',
        path: '/api/upload',
        headers: { Authorization: `Bearer ${site.token}`, 'Content-Type': type },
        body,
      });
      expect({ what, status: answer.status >= 400 && answer.status < 500 }).toEqual({ what, status: true });
      expect(JSON.parse(answer.text)).toEqual({ message: expect.any(String) });
      tally.add('malformed forms refused');
    }
  });

  it('stores an image with something else appended as the image alone, under a name of its own', async () => {
    const polyglot = Buffer.concat([await solidImage('gif', 20, 20), html]);
    const answer = await upload(site.url, site.token, polyglot, '../../../data/admins.json.gif');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      imageId: expect.stringMatching(/^[a-f0-9]{32}\.gif$/),
      originalName: 'admins.json.gif',
    });
    const served = Buffer.from(await (await fetch(`${site.url}/api/image/${answer.body.imageId}`)).arrayBuffer());
    expect(served.includes('<script')).toBe(false);
    expect((await sharp(served).metadata()).format).toBe('gif');
    expect(await storedNow()).toContain(answer.body.imageId);
  });
});

describe('a phone photo with GPS and a sideways orientation', () => {
  it('comes back upright and without metadata, as stored and in every rendition', async () => {
    const photo = await sidewaysPhotoWithGps();
    const sent = await sharp(photo).metadata();
    expect({ gps: hasGpsTag(sent.exif), orientation: sent.orientation }).toEqual({ gps: true, orientation: 6 });

    const answer = await upload(site.url, site.token, photo, 'IMG_2041.JPG');
    expect(answer.status).toBe(201);
    for (const query of ['', '?w=320', '?w=640']) {
      const served = Buffer.from(
        await (await fetch(`${site.url}/api/image/${answer.body.imageId}${query}`)).arrayBuffer(),
      );
      const metadata = await sharp(served).metadata();
      expect({ query, width: metadata.width, height: metadata.height }).toEqual({ query, width: 40, height: 60 });
      expect({
        query,
        exif: metadata.exif,
        xmp: metadata.xmp,
        iptc: metadata.iptc,
        orientation: metadata.orientation,
      }).toEqual({
        query,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      expect(served.includes('PhoneCam')).toBe(false);
      expect((await pixel(served, 20, 5)).r).toBeGreaterThan(150); // red on top once upright
      expect((await pixel(served, 20, 55)).b).toBeGreaterThan(150);
    }
  });
});

describe('the uploads folder', () => {
  it('holds nothing but images named by their hash and their renditions', async () => {
    const names = await readdir(site.uploadsDir, { recursive: true });
    for (const name of names) {
      expect(name).toMatch(
        /^(renditions|([a-f0-9]{32}\.(jpg|png|webp|avif|gif))|renditions\/[a-f0-9]{32}\.(jpg|png|webp|avif|gif)\.w\d+\.webp)$/,
      );
    }
  });
});
