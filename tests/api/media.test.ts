/** The media library: listing with usage, the library's alt text, and replacing a document's file. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { bucketSynced, testBucket } from '../support/test-bucket.ts';
import { uploaded } from './helpers.ts';
import { pdfFile, uploadedDocument } from './test-documents.ts';
import { solidImage } from './test-images.ts';

// A bucket too: a replaced document's old address must hold the new file there as well.
const bucket = testBucket();
const site = testServer({ admin: true, env: bucket.env });
const run = promisify(execFile);

/** PUT a document's new file as the form field `file`. */
async function replace(documentId: string, bytes: Uint8Array | null, name = 'new.pdf', field = 'file') {
  const form = new FormData();
  if (bytes) form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${site.url}/api/admin/media/documents/${documentId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${site.token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const added = (
  answer: { status: number; body: { _id: string; title?: string; caption?: string }[] },
  label: string,
) => {
  expect(answer.status).toBe(201);
  return answer.body.find((item) => (item.title ?? item.caption) === label)!._id;
};

/** The public page's `<img>` of `imageId`: its alt attribute, or undefined when absent. */
function altsOf(html: string, imageId: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(imageId))
    .map((tag) => /\balt="([^"]*)"/.exec(tag)?.[1] ?? '(none)');
}

describe('the media library', () => {
  it('lists every stored file with what uses it, and marks the unused ones', async () => {
    const photo = await uploaded(site.url, site.token, await solidImage('png', 64, 48), 'sports-day.png');
    const spare = await uploaded(
      site.url,
      site.token,
      await solidImage('png', 30, 20, { r: 1, g: 2, b: 3 }),
      'spare.png',
    );
    const eventId = added(
      await site.asAdmin('POST', '/api/events', {
        json: { title: 'Sports Day', description: 'Races', date: '2030-05-01', image: photo },
      }),
      'Sports Day',
    );
    const galleryId = added(
      await site.asAdmin('POST', '/api/gallery', { json: { ...photo, caption: 'The relay race' } }),
      'The relay race',
    );

    const images = await site.asAdmin('GET', '/api/admin/media?kind=image');
    expect(images.status).toBe(200);
    const used = images.body.items.find((item: { id: string }) => item.id === photo.imageId);
    expect(used).toMatchObject({
      kind: 'image',
      name: 'sports-day.png',
      width: 64,
      height: 48,
      unused: false,
      bytes: expect.any(Number),
    });
    expect(used.uses).toEqual(
      expect.arrayContaining([
        { kind: 'event', id: eventId, title: 'Sports Day', where: `/admin/dashboard#events/${eventId}` },
        { kind: 'gallery', id: galleryId, title: 'The relay race', where: `/admin/dashboard#galleries/${galleryId}` },
      ]),
    );
    const unusedOnly = await site.asAdmin('GET', '/api/admin/media?kind=image&unused=true');
    expect(unusedOnly.body.items.map((item: { id: string }) => item.id)).toEqual([spare.imageId]);
    expect(unusedOnly.body.items[0]).toMatchObject({ unused: true, uses: [] });

    const searched = await site.asAdmin('GET', '/api/admin/media?q=RELAY');
    expect(searched.body).toMatchObject({ matching: 1, items: [{ id: photo.imageId }] });

    const documents = await site.asAdmin('GET', '/api/admin/media?kind=document');
    expect(documents.body.items.every((item: { kind: string }) => item.kind === 'document')).toBe(true);
  });

  it('an alt text set in the library applies to the items without their own, not to those with one', async () => {
    const photo = await uploaded(
      site.url,
      site.token,
      await solidImage('png', 50, 40, { r: 9, g: 9, b: 9 }),
      'choir.png',
    );
    await site.asAdmin('POST', '/api/gallery', { json: { ...photo, caption: 'Choir on stage' } });
    await site.asAdmin('POST', '/api/gallery', {
      json: { ...photo, caption: 'Choir again', alt: 'The choir singing, seen from the back of the hall' },
    });
    const set = await site.asAdmin('PUT', `/api/admin/media/images/${photo.imageId}`, {
      json: { alt: 'Twenty pupils of the choir singing on the school stage' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      id: photo.imageId,
      alt: 'Twenty pupils of the choir singing on the school stage',
    });

    await site.waitUntilLive();
    const gallery = await fetch(`${site.url}/gallery`).then((answer) => answer.text());
    expect(altsOf(gallery, photo.imageId)).toEqual([
      'Twenty pupils of the choir singing on the school stage',
      'The choir singing, seen from the back of the hall',
    ]);

    // Removed from the library: the photo without its own alt falls back to its caption again.
    expect(
      (await site.asAdmin('PUT', `/api/admin/media/images/${photo.imageId}`, { json: { alt: '' } })).body.alt,
    ).toBeUndefined();
    await site.waitUntilLive();
    const after = await fetch(`${site.url}/gallery`).then((answer) => answer.text());
    expect(altsOf(after, photo.imageId)).toEqual([
      'Choir on stage',
      'The choir singing, seen from the back of the hall',
    ]);
  });

  it("shows a leader's and a logo's own alt text, and falls back as before without one", async () => {
    const portrait = await uploaded(site.url, site.token, await solidImage('png', 40, 50, { r: 1, g: 90, b: 200 }));
    const logo = await uploaded(site.url, site.token, await solidImage('png', 32, 32, { r: 3, g: 3, b: 120 }));
    const set = await site.asAdmin('PUT', '/api/person-image/president', {
      json: { ...portrait, alt: 'Mrs Rao smiling in front of the school library' },
    });
    expect(set.status).toBe(200);
    expect(
      (await site.asAdmin('POST', '/api/logos', { json: { ...logo, alt: 'The school crest: an open book' } })).status,
    ).toBe(201);
    await site.waitUntilLive();
    const leadership = await fetch(`${site.url}/about/leadership`).then((answer) => answer.text());
    expect(altsOf(leadership, portrait.imageId)).toEqual(['Mrs Rao smiling in front of the school library']);
    expect(altsOf(leadership, logo.imageId)).toEqual(['The school crest: an open book']);

    await site.asAdmin('PUT', '/api/person-image/president', { json: portrait });
    await site.waitUntilLive();
    const before = await fetch(`${site.url}/about/leadership`).then((answer) => answer.text());
    expect(altsOf(before, portrait.imageId)[0]).toMatch(/, President$/);
  });

  it('keeps the library alt texts when a client that does not know them sends the whole content', async () => {
    const photo = await uploaded(site.url, site.token, await solidImage('png', 22, 22, { r: 200, g: 200, b: 9 }));
    await site.asAdmin('PUT', `/api/admin/media/images/${photo.imageId}`, { json: { alt: 'A yellow square' } });
    const {
      imageAlts: _alts,
      documentAliases: _aliases,
      ...spec
    } = (await site.asAdmin('GET', '/api/admin/content')).body;
    expect((await site.asAdmin('PUT', '/api/content', { json: spec })).status).toBe(200);
    expect((await site.asAdmin('GET', '/api/admin/content')).body.imageAlts[photo.imageId]).toBe('A yellow square');
  });

  it('refuses bad input with a clear 400 or 404 and changes nothing', async () => {
    const photo = await uploaded(site.url, site.token, await solidImage('png', 20, 20, { r: 5, g: 50, b: 5 }));
    const before = (await site.asAdmin('GET', '/api/admin/content')).body.imageAlts;
    expect(
      await site.asAdmin('PUT', `/api/admin/media/images/${photo.imageId}`, { json: { alt: 'x'.repeat(251) } }),
    ).toMatchObject({ status: 400, body: { message: 'The text alternative must be at most 250 characters' } });
    expect(await site.asAdmin('PUT', `/api/admin/media/images/${photo.imageId}`, { json: { alt: 5 } })).toMatchObject({
      status: 400,
      body: { message: 'The text alternative must be text' },
    });
    expect(
      await site.asAdmin('PUT', `/api/admin/media/images/${'0'.repeat(32)}.png`, { json: { alt: 'A photo' } }),
    ).toMatchObject({ status: 404, body: { message: 'This image does not exist' } });
    expect((await site.asAdmin('GET', '/api/admin/media?kind=video')).status).toBe(400);
    expect((await site.asAdmin('GET', '/api/admin/content')).body.imageAlts).toEqual(before);

    const document = await uploadedDocument(site.url, site.token, pdfFile('Bus routes'));
    expect(await replace(document.documentId, Buffer.from('not a pdf'))).toMatchObject({ status: 415 });
    expect(await replace(document.documentId, pdfFile('Bus routes'))).toMatchObject({
      status: 400,
      body: { message: 'The new file is the same as the one it would replace' },
    });
    expect(await replace(document.documentId, null)).toMatchObject({ status: 400 });
    expect((await site.asAdmin('GET', '/api/admin/content')).body.documentAliases).toEqual({});
  });

  it('replacing a document points every link at the new file, keeps the old address, and a restore brings the old back', async () => {
    const oldFile = pdfFile('Fees 2030 first edition');
    const newFile = pdfFile('Fees 2030 corrected edition');
    const old = await uploadedDocument(site.url, site.token, oldFile, 'fees.pdf');
    const circularId = added(
      await site.asAdmin('POST', '/api/circulars', {
        json: { title: 'Fee schedule', date: '2030-01-10', document: old },
      }),
      'Fee schedule',
    );
    const page = await site.asAdmin('PUT', '/api/pages/admissions', {
      json: { title: 'Admissions', body: `Read [the fee schedule](/documents/${old.documentId}).` },
    });
    expect(page.status).toBe(200);
    const versionBefore = (await site.asAdmin('GET', '/api/admin/history')).body[0].version;

    const replacedAt = new Date().toISOString();
    const replaced = await replace(old.documentId, newFile, 'fees-corrected.pdf');
    expect(replaced).toEqual({
      status: 200,
      body: {
        documentId: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
        originalName: 'fees-corrected.pdf',
        size: newFile.length,
        replaced: old.documentId,
      },
    });
    const fresh = replaced.body.documentId as string;
    const content = (await site.asAdmin('GET', '/api/admin/content')).body;
    expect(content.circulars.find((item: { _id: string }) => item._id === circularId).document).toEqual({
      documentId: fresh,
      originalName: 'fees-corrected.pdf',
    });
    expect(content.pages.find((item: { slug: string }) => item.slug === 'admissions').body).toBe(
      `Read [the fee schedule](/documents/${fresh}).`,
    );
    const media = await site.asAdmin('GET', '/api/admin/media?kind=document&q=fee');
    // The old file is the history's now: not offered in the library.
    expect(media.body.items.map((item: { id: string }) => item.id)).not.toContain(old.documentId);
    expect(
      media.body.items.find((item: { id: string }) => item.id === fresh).uses.map((use: { kind: string }) => use.kind),
    ).toEqual(['circular', 'page']);

    await site.waitUntilLive();
    const admissions = await fetch(`${site.url}/admissions`).then((answer) => answer.text());
    expect(admissions).toContain(`/documents/${fresh}`);
    for (const address of [`/documents/${old.documentId}`, `/api/document/${old.documentId}`, `/documents/${fresh}`]) {
      const answer = await fetch(site.url + address);
      expect({ address, status: answer.status }).toEqual({ address, status: 200 });
      expect(Buffer.from(await answer.arrayBuffer()).equals(newFile)).toBe(true);
    }

    // The bucket: the old address holds the new document.
    await bucketSynced(site, replacedAt);
    expect((await bucket.object(`documents/${old.documentId}`))?.text).toContain('Fees 2030 corrected edition');

    // npm run build: the old address is a file holding the new document.
    const out = await mkdtemp(join(tmpdir(), 'media-build-'));
    try {
      await run(process.execPath, ['admin-api/build/cli.ts', '--out', out], {
        env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir },
      });
      expect((await readFile(join(out, 'documents', old.documentId))).equals(newFile)).toBe(true);
      expect((await readFile(join(out, 'documents', fresh))).equals(newFile)).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }

    // The history keeps the old file: a restore links it again and serves it at its own address.
    expect((await site.asAdmin('POST', `/api/admin/history/${versionBefore}/restore`)).status).toBe(200);
    const restored = (await site.asAdmin('GET', '/api/admin/content')).body;
    expect(restored.circulars.find((item: { _id: string }) => item._id === circularId).document.documentId).toBe(
      old.documentId,
    );
    expect(restored.documentAliases).toEqual({});
    const oldAgain = await fetch(`${site.url}/documents/${old.documentId}`);
    expect(Buffer.from(await oldAgain.arrayBuffer()).equals(oldFile)).toBe(true);
  }, 120_000);
});
