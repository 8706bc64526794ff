import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { content, upload, uploaded } from './helpers.ts';
import { hasGpsTag, pixel, sidewaysPhotoWithGps, solidImage, svgWithScript, truncatedPng } from './test-images.ts';

const site = testServer({ admin: true });

const ONLY_IMAGES = 'Only JPEG, PNG, WebP, AVIF or GIF images are accepted';
const stored = async () => (await readdir(site.uploadsDir)).filter((name) => /^[a-f0-9]{32}\./.test(name));
const image = (path: string, headers: Record<string, string> = {}) => fetch(site.url + path, { headers });

describe('POST /api/upload', () => {
  it('stores a phone photo upright and without its GPS position or other metadata', async () => {
    const photo = await sidewaysPhotoWithGps();
    expect(hasGpsTag((await sharp(photo).metadata()).exif)).toBe(true);

    const answer = await upload(site.url, site.token, photo, 'IMG_0042.JPG');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      imageId: expect.stringMatching(/^[a-f0-9]{32}\.jpg$/),
      originalName: 'IMG_0042.JPG',
    });

    const served = Buffer.from(await (await image(`/api/image/${answer.body.imageId}`)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect([metadata.width, metadata.height]).toEqual([40, 60]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect((await pixel(served, 20, 5)).r).toBeGreaterThan(150); // red on top once upright
    expect((await pixel(served, 20, 55)).b).toBeGreaterThan(150);
  });

  it('gives the same bytes the same imageId, and keeps one file', async () => {
    const bytes = await solidImage('webp', 30, 30, { r: 10, g: 20, b: 30 });
    const first = await uploaded(site.url, site.token, bytes, 'a.webp');
    const second = await uploaded(site.url, site.token, bytes, 'b.webp');
    expect(second.imageId).toBe(first.imageId);
    expect((await stored()).filter((name) => name === first.imageId)).toHaveLength(1);
  });

  it('refuses a text file named .png, an SVG with a script, a truncated PNG and a file over 10 MB', async () => {
    const before = await stored();
    const cases: [bytes: Uint8Array, name: string, status: number, message: string | RegExp][] = [
      [Buffer.from('This is not a picture at all.'), 'holiday.png', 415, ONLY_IMAGES],
      [svgWithScript, 'logo.svg', 415, ONLY_IMAGES],
      [await truncatedPng(), 'cut.png', 400, /damaged or incomplete/],
      [
        Buffer.concat([await solidImage('png'), Buffer.alloc(11 * 1024 * 1024)]),
        'huge.png',
        413,
        'The image is larger than 10 MB',
      ],
    ];
    for (const [bytes, name, status, message] of cases) {
      const answer = await upload(site.url, site.token, bytes, name);
      expect({ name, status: answer.status }).toEqual({ name, status });
      expect(answer.body.message).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('asks for a form upload with the field "file"', async () => {
    const json = await site.asAdmin('POST', '/api/upload', { json: { file: 'abc' } });
    expect(json).toMatchObject({ status: 415, body: { message: expect.stringMatching(/multipart\/form-data/) } });

    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(await solidImage('png'))]), 'a.png');
    const wrongField = await fetch(`${site.url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.token}` },
      body: form,
    });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({ message: 'Choose an image to upload (the form field "file")' });
  });
});

describe('GET /api/image/{imageId}', () => {
  let imageId: string;
  beforeAll(async () => {
    ({ imageId } = await uploaded(site.url, site.token, await solidImage('png', 800, 400), 'wide.png'));
  });

  it('serves the stored image for a year, with an ETag, and 304 when the browser has it', async () => {
    const answer = await image(`/api/image/${imageId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await image(`/api/image/${imageId}`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves WebP renditions of the widths the pages ask for, never upscaled', async () => {
    for (const [w, width] of [
      [320, 320],
      [640, 640],
      [960, 800],
      [1280, 800],
    ]) {
      const answer = await image(`/api/image/${imageId}?w=${w}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect({ w, format: metadata.format, width: metadata.width }).toEqual({ w, format: 'webp', width });
      const etag = answer.headers.get('etag')!;
      expect((await image(`/api/image/${imageId}?w=${w}`, { 'If-None-Match': etag })).status).toBe(304);
    }
    const kept = await readdir(join(site.uploadsDir, 'renditions'));
    expect(kept).toEqual(expect.arrayContaining([`${imageId}.w320.webp`, `${imageId}.w1280.webp`]));
  });

  it('refuses other widths with 400', async () => {
    for (const w of ['100', 'abc', '', '320.0', '-640']) {
      const answer = await site.call('GET', `/api/image/${imageId}?w=${encodeURIComponent(w)}`);
      expect({ w, status: answer.status }).toEqual({ w, status: 400 });
      expect(answer.body.message).toBe('The width (w) must be one of 320, 640, 960, 1280');
    }
  });

  it('answers 404 JSON for ids of the wrong form, unknown ids and paths outside the uploads', async () => {
    const paths = [
      `/api/image/${'0'.repeat(32)}.png`,
      `/api/image/${imageId.toUpperCase()}`,
      `/api/image/${imageId.replace('.png', '.svg')}`,
      '/api/image/..%2F..%2Fdata%2Fadmins.json',
      '/api/image/%2e%2e%2fcontent.json',
      '/api/image/renditions',
      `/api/image/${imageId}%00.png`,
    ];
    for (const path of paths) {
      const answer = await site.call('GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
  });
});

describe('images no longer used', () => {
  // Once the content no longer shows an image it is not served; its file stays while a kept
  // version of the history shows it, so that a restore brings it back (tests/api/history.test.ts).
  const served = async (imageId: string) => (await site.call('GET', `/api/image/${imageId}`)).status === 200;

  it('stop being served with the item that showed them, renditions included, and stay for the history', async () => {
    const photo = await uploaded(site.url, site.token, await solidImage('jpeg', 700, 500, { r: 200, g: 10, b: 10 }));
    const gallery = await site.asAdmin('POST', '/api/gallery', { json: { ...photo, caption: 'Red' } });
    expect((await image(`/api/image/${photo.imageId}?w=320`)).status).toBe(200);

    const id = gallery.body.find((item: { imageId: string }) => item.imageId === photo.imageId)._id;
    expect((await site.asAdmin('DELETE', `/api/gallery/${id}`)).status).toBe(200);
    await eventually(async () => !(await served(photo.imageId)));
    expect((await site.call('GET', `/api/image/${photo.imageId}?w=320`)).status).toBe(404);
    expect((await site.call('GET', `/images/${photo.imageId}-320.webp`)).status).toBe(404);
    expect(await stored()).toContain(photo.imageId);
  });

  it('stop being served when replaced, and are served while another item still shows them', async () => {
    const [first, second] = [
      await uploaded(site.url, site.token, await solidImage('png', 20, 20, { r: 1, g: 200, b: 1 })),
      await uploaded(site.url, site.token, await solidImage('png', 20, 20, { r: 1, g: 1, b: 200 })),
    ];
    await site.asAdmin('PUT', '/api/person-image/secretary', { json: first });
    await site.asAdmin('POST', '/api/logos', { json: first });
    await site.asAdmin('PUT', '/api/person-image/secretary', { json: second });
    expect((await content(site.url)).secretaryImage).toEqual(second);
    expect(await served(first.imageId)).toBe(true); // still the logo

    const logo = (await content(site.url)).logos.find((l: { imageId: string }) => l.imageId === first.imageId);
    await site.asAdmin('DELETE', `/api/logos/${logo._id}`);
    await eventually(async () => !(await served(first.imageId)));
    expect(await served(second.imageId)).toBe(true);
  });

  it("stop being served when an event's image is removed", async () => {
    const picture = await uploaded(site.url, site.token, await solidImage('png', 20, 20, { r: 90, g: 90, b: 9 }));
    const events = await site.asAdmin('POST', '/api/events', {
      json: { title: 'Art show', description: 'Paintings', date: '2031-03-01', image: picture },
    });
    const { _id } = events.body.at(-1);
    const answer = await site.asAdmin('DELETE', `/api/events/${_id}/image`);
    expect(answer.body.at(-1).image).toBeNull();
    await eventually(async () => !(await served(picture.imageId)));
  });
});

/** Waits for `check` to hold: removals run just after the change that causes them is answered. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
