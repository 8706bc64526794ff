/**
 * The server answers the uploads at the static paths the pages link (the same files a static
 * build or a bucket holds), immutable; the API's image and document calls still answer.
 */
import { describe, expect, it } from 'vitest';
import { uploaded } from '../api/helpers.ts';
import { pdfFile, uploadedDocument } from '../api/test-documents.ts';
import { solidImage } from '../api/test-images.ts';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static upload paths', () => {
  it('serves each rendition and the original of an image', async () => {
    const { imageId } = await uploaded(site.url, site.token, await solidImage('png', 800, 600), 'wide.png');
    const rendition = await fetch(`${site.url}/images/${imageId}-640.webp`);
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get('content-type')).toBe('image/webp');
    expect(rendition.headers.get('cache-control')).toBe(IMMUTABLE);
    const original = await fetch(`${site.url}/images/${imageId}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${site.url}/api/image/${imageId}?w=640`)).status).toBe(200);
    for (const path of [
      `/images/${imageId}-641.webp`,
      `/images/${'0'.repeat(32)}.png`,
      '/images/..%2Fcontent.json',
      `/images/${imageId}-640.png`,
    ]) {
      expect({ path, status: (await fetch(site.url + path)).status }).toEqual({ path, status: 404 });
    }
  });

  it('serves a document', async () => {
    const { documentId } = await uploadedDocument(site.url, site.token, pdfFile('Term dates'));
    const document = await fetch(`${site.url}/documents/${documentId}`);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(`${site.url}/api/document/${documentId}`)).status).toBe(200);
    expect((await fetch(`${site.url}/documents/${'0'.repeat(32)}.pdf`)).status).toBe(404);
  });
});
