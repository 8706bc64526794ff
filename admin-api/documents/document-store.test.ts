import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdfFile, taggedPdfFile } from '../../tests/api/test-documents.ts';
import { solidImage } from '../../tests/api/test-images.ts';
import { HttpError } from '../http/errors.ts';
import { DocumentStore, isPdf } from './document-store.ts';

let dir: string;
let documents: DocumentStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'document-store-'));
  documents = new DocumentStore(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60_000;

describe('DocumentStore', () => {
  it('keeps a PDF under the hash of its bytes, with its name and size, and gives back the same bytes', async () => {
    const bytes = pdfFile('Sports day');
    const saved = await documents.save(bytes, 'C:\\Users\\office\\Sports day.pdf');
    expect(saved).toEqual({
      documentId: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
      originalName: 'Sports day.pdf',
      size: bytes.length,
      findings: ['pdf-untagged', 'pdf-no-title', 'pdf-no-language'].map((kind) =>
        expect.objectContaining({ kind, target: 'Sports day.pdf' }),
      ),
    });
    const read = await documents.read(saved.documentId);
    expect(read?.originalName).toBe('Sports day.pdf');
    expect(Buffer.compare(read!.body, bytes)).toBe(0);
    expect(await documents.has(saved.documentId)).toBe(true);
  });

  it('keeps what the accessibility check found with the name, and checks a document stored before it once', async () => {
    const saved = await documents.save(taggedPdfFile('Fees'), 'fees.pdf');
    expect(await documents.checked(saved.documentId)).toEqual({ originalName: 'fees.pdf', problems: [] });

    const old = await documents.save(pdfFile('Old'), 'old.pdf');
    const meta = join(documents.dir, `${old.documentId}.json`);
    await writeFile(meta, JSON.stringify({ originalName: 'old.pdf' }));
    const fresh = new DocumentStore(dir);
    const problems = ['pdf-untagged', 'pdf-no-title', 'pdf-no-language'];
    expect(await fresh.checked(old.documentId)).toEqual({ originalName: 'old.pdf', problems });
    expect(JSON.parse(await readFile(meta, 'utf8'))).toEqual({ originalName: 'old.pdf', problems });
    expect(await fresh.checked('0'.repeat(32) + '.pdf')).toBeNull();
  });

  it('stores the same file once, under one id, with the name of its latest upload', async () => {
    const bytes = pdfFile('Holiday list');
    const first = await documents.save(bytes, 'first.pdf');
    const second = await documents.save(bytes, 'second.pdf');
    expect(second.documentId).toBe(first.documentId);
    expect((await readdir(documents.dir)).filter((name) => name.endsWith('.pdf'))).toEqual([first.documentId]);
    expect((await documents.read(first.documentId))?.originalName).toBe('second.pdf');
  });

  it('refuses anything that is not a PDF, whatever its name says', async () => {
    for (const bytes of [await solidImage('png'), Buffer.from('Dear parents, …'), Buffer.from('%PDF')]) {
      const refusal = await documents.save(bytes, 'circular.pdf').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(HttpError);
      expect((refusal as HttpError).status).toBe(415);
    }
    expect(await readdir(dir)).toEqual([]);
    expect(isPdf(pdfFile('x'))).toBe(true);
  });

  it('knows nothing by an id of another form, and nothing that was removed', async () => {
    expect(await documents.read('../admins.json')).toBeNull();
    expect(await documents.read(`${'0'.repeat(32)}.pdf`)).toBeNull();
    const { documentId } = await documents.save(pdfFile('Removed'), 'removed.pdf');
    await documents.remove(documentId);
    expect(await documents.read(documentId)).toBeNull();
    expect(await readdir(documents.dir)).toEqual([]);
  });

  it('serves a document whose name was lost, as document.pdf', async () => {
    const { documentId } = await documents.save(pdfFile('No name'), 'named.pdf');
    await writeFile(join(documents.dir, `${documentId}.json`), '{ broken');
    expect((await documents.read(documentId))?.originalName).toBe('document.pdf');
  });

  it('sweeps documents nothing refers to once they are older than the limit, and leftovers of a crash', async () => {
    const used = await documents.save(pdfFile('Used'), 'used.pdf');
    const unused = await documents.save(pdfFile('Unused'), 'unused.pdf');
    const fresh = await documents.save(pdfFile('Fresh'), 'fresh.pdf');
    const old = new Date(Date.now() - 2 * DAY);
    for (const { documentId } of [used, unused]) await utimes(join(documents.dir, documentId), old, old);
    await writeFile(join(documents.dir, '.incoming-crashed'), 'half');
    await utimes(join(documents.dir, '.incoming-crashed'), old, old);

    const removed = await documents.sweep(new Set([used.documentId]), new Date(Date.now() - DAY));
    expect(removed).toEqual([unused.documentId]);
    expect((await readdir(documents.dir)).sort()).toEqual(
      [used.documentId, `${used.documentId}.json`, fresh.documentId, `${fresh.documentId}.json`].sort(),
    );
  });
});
