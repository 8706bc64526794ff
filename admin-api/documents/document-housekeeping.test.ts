import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DocumentRef, referencedDocumentIds, SiteContent } from '../../site/contract/content.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { pdfFile } from '../../tests/api/test-documents.ts';
import {
  documentUploads,
  removeDroppedFiles,
  sweepUnattachedFiles,
  UNATTACHED_UPLOAD_LIFETIME_MS,
} from '../images/housekeeping.ts';
import { defaultContent } from '../store/default-content.ts';
import { JsonDocument } from '../store/json-document.ts';
import type { ContentStore } from '../store/stores.ts';
import { DocumentStore } from './document-store.ts';

let dir: string;
let content: ContentStore;
let documents: DocumentStore;
let stop: () => void;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'document-housekeeping-'));
  content = await JsonDocument.open(join(dir, 'content.json'), SiteContent, defaultContent);
  documents = new DocumentStore(join(dir, 'uploads'));
  stop = removeDroppedFiles(content, documentUploads(documents));
});
afterEach(async () => {
  stop();
  await content.settled();
  await rm(dir, { recursive: true, force: true });
});

let count = 0;
const upload = async () => {
  const { documentId, originalName } = await documents.save(pdfFile(`Circular ${++count}`), 'c.pdf');
  return { documentId, originalName };
};
const circular = (document: DocumentRef) => ({
  _id: randomUUID(),
  title: 'Holidays',
  date: '2025-06-01',
  description: '',
  document,
  ...PUBLISHED_NOW,
});

describe('documents the content uses', () => {
  it('are those of the circulars and those linked from any text (a page, a message)', () => {
    const data = defaultContent();
    const attached = `${'a'.repeat(32)}.pdf`;
    const linked = `${'b'.repeat(32)}.pdf`;
    data.circulars.push(circular({ documentId: attached, originalName: 'a.pdf' }));
    data.presidentMessage = `The [disclosure](/api/document/${linked}) and https://school.example/api/document/${linked}.`;
    expect(referencedDocumentIds(data)).toEqual(new Set([attached, linked]));
  });

  it('lose their file once no circular and no link refers to them any more', async () => {
    const document = await upload();
    await content.update((c) => void c.circulars.push(circular(document)));
    await content.update((c) => {
      c.headmistressMessage = `See /api/document/${document.documentId}`;
    });
    await content.update((c) => {
      c.circulars = [];
    });
    await content.settled();
    expect(await documents.has(document.documentId)).toBe(true); // still linked from a text

    await content.update((c) => {
      c.headmistressMessage = 'Nothing linked';
    });
    await content.settled();
    expect(await documents.has(document.documentId)).toBe(false);
  });

  it('uploaded but never attached are removed after a day, attached ones stay', async () => {
    const [attached, unattached] = [await upload(), await upload()];
    await content.update((c) => void c.circulars.push(circular(attached)));
    const old = new Date(Date.now() - 2 * UNATTACHED_UPLOAD_LIFETIME_MS);
    for (const { documentId } of [attached, unattached]) await utimes(join(documents.dir, documentId), old, old);

    expect(await sweepUnattachedFiles(content, documentUploads(documents))).toEqual([unattached.documentId]);
    expect(await documents.has(attached.documentId)).toBe(true);
    expect(await documents.has(unattached.documentId)).toBe(false);
  });
});
