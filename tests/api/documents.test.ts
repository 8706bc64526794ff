import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { content } from './helpers.ts';
import { pdfFile, postFile, uploadedDocument } from './test-documents.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });

const ONLY_PDF = 'Only PDF documents are accepted';
const MISSING_DOCUMENT = 'The document was not found. Please upload it again.';
const send = (bytes: Uint8Array, name: string, withToken: string | null = site.token) =>
  postFile(site.url, '/api/documents', withToken, bytes, name);
const read = (documentId: string) => fetch(`${site.url}/api/document/${documentId}`);
const stored = async () =>
  (await readdir(join(site.uploadsDir, 'documents')).catch(() => [])).filter((name) => name.endsWith('.pdf'));
const circular = (document: unknown) => ({ title: 'Holiday list', date: '2025-06-02', document });

/** Waits until the document answers `status` (its removal follows the change that drops it). */
async function expectStatus(documentId: string, status: number) {
  const deadline = Date.now() + 5000;
  let answer = await read(documentId);
  while (answer.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await read(documentId);
  }
  expect({ documentId, status: answer.status }).toEqual({ documentId, status });
}

describe('POST /api/documents', () => {
  it('keeps a PDF and answers its id, name and size', async () => {
    const bytes = pdfFile('Admission schedule');
    const answer = await send(bytes, 'Admissions 2025.pdf');
    expect(answer).toEqual({
      status: 201,
      body: {
        documentId: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
        originalName: 'Admissions 2025.pdf',
        size: bytes.length,
        // What the accessibility checker found (tests/api/accessibility.test.ts).
        findings: [
          expect.objectContaining({ kind: 'pdf-untagged', target: 'Admissions 2025.pdf' }),
          expect.objectContaining({ kind: 'pdf-no-title' }),
          expect.objectContaining({ kind: 'pdf-no-language' }),
        ],
      },
    });
    expect(await stored()).toContain(answer.body.documentId);
  });

  it('refuses a PNG renamed .pdf and a text file with 415, and stores nothing', async () => {
    const before = await stored();
    for (const [bytes, name] of [
      [await solidImage('png'), 'circular.pdf'],
      [Buffer.from('Dear parents, the school reopens on Monday.'), 'notice.pdf'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.pdf'],
    ] as const) {
      expect({ name, ...(await send(bytes, name)) }).toEqual({ name, status: 415, body: { message: ONLY_PDF } });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a document over 20 MB with 413', async () => {
    const huge = Buffer.concat([pdfFile('Huge'), Buffer.alloc(20 * 1024 * 1024)]);
    expect(await send(huge, 'huge.pdf')).toEqual({
      status: 413,
      body: { message: 'The document is larger than 20 MB' },
    });
  });

  it('takes 20 MB exactly', async () => {
    const bytes = pdfFile('Just fits');
    const full = Buffer.concat([bytes, Buffer.alloc(20 * 1024 * 1024 - bytes.length, 0x20)]);
    expect((await send(full, 'full.pdf')).status).toBe(201);
  });

  it('asks for a form upload with the field "file", and a file that is not empty', async () => {
    const json = await site.asAdmin('POST', '/api/documents', { json: { file: 'x' } });
    expect(json).toMatchObject({ status: 415, body: { message: expect.stringMatching(/multipart\/form-data/) } });
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(pdfFile('x'))]), 'x.pdf');
    const wrongField = await fetch(`${site.url}/api/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.token}` },
      body: form,
    });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({ message: 'Choose a PDF document to upload (the form field "file")' });
    expect(await send(new Uint8Array(), 'empty.pdf')).toEqual({
      status: 400,
      body: { message: 'The chosen file is empty' },
    });
  });

  it('is for administrators only (401 without a valid token)', async () => {
    const before = await stored();
    for (const bad of [null, 'not-a-token']) {
      const answer = await send(pdfFile('Anonymous'), 'anonymous.pdf', bad);
      expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    }
    expect(await stored()).toEqual(before);
  });
});

describe('GET /api/document/{documentId}', () => {
  it('serves the same bytes inline as a PDF, named, cached for a day, under a policy that runs no script', async () => {
    const bytes = pdfFile('Fee structure');
    const { documentId } = await uploadedDocument(site.url, site.token, bytes, 'Fee structure "2025"; draft.pdf');
    const answer = await read(documentId);
    expect(answer.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await answer.arrayBuffer()), bytes)).toBe(0);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `inline; filename="Fee structure _2025__ draft.pdf"; filename*=UTF-8''Fee%20structure%20%222025%22%3B%20draft.pdf`,
    );
    const maxAge = Number(/max-age=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(86_400);
    expect(answer.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(answer.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('names the document as its circular does', async () => {
    const { documentId } = await uploadedDocument(site.url, site.token, pdfFile('Named'), 'scan0001.pdf');
    await site.asAdmin('POST', '/api/circulars', {
      json: circular({ documentId, originalName: 'Holiday list' }),
    });
    expect((await read(documentId)).headers.get('content-disposition')).toMatch(
      /^inline; filename="Holiday list\.pdf"/,
    );
  });

  it('answers 404 for an unknown id and for ids of any other form', async () => {
    for (const id of [
      `${'0'.repeat(32)}.pdf`,
      `${'A'.repeat(32)}.pdf`,
      `${'0'.repeat(32)}.png`,
      '..%2Fadmins.json',
      '..%2F..%2Fdata%2Fcontent.json',
      'x.pdf',
    ]) {
      const answer = await read(id);
      expect({ id, status: answer.status }).toEqual({ id, status: 404 });
      expect(await answer.json()).toEqual({ message: 'This document does not exist' });
    }
  });

  it('stops serving a document once the content no longer uses it', async () => {
    const first = await uploadedDocument(site.url, site.token, pdfFile('Version 1'), 'v1.pdf');
    const second = await uploadedDocument(site.url, site.token, pdfFile('Version 2'), 'v2.pdf');
    const added = await site.asAdmin('POST', '/api/circulars', { json: circular(first) });
    const { _id } = added.body.find(
      (item: { title: string; document: { documentId: string } | null }) =>
        item.document?.documentId === first.documentId,
    );
    await expectStatus(first.documentId, 200);

    // Replaced: the first goes, the second stays.
    await site.asAdmin('PUT', `/api/circulars/${_id}`, { json: circular(second) });
    await expectStatus(first.documentId, 404);
    await expectStatus(second.documentId, 200);

    // Deleted with its circular: no longer served, but the file stays while the history keeps a
    // version that uses it (a restore serves it again).
    await site.asAdmin('DELETE', `/api/circulars/${_id}`);
    await expectStatus(second.documentId, 404);
    expect(await stored()).toContain(second.documentId);
  });

  it('keeps a document that a text of the content links to', async () => {
    const { documentId } = await uploadedDocument(site.url, site.token, pdfFile('Disclosure'), 'disclosure.pdf');
    const page = await content(site.url);
    const withLink = { ...page, correspondentMessage: `Our [disclosure](/api/document/${documentId}).` };
    expect((await site.asAdmin('PUT', '/api/content', { json: withLink })).status).toBe(200);
    await site.asAdmin('POST', '/api/circulars', { json: circular({ documentId }) });
    const { circulars } = await content(site.url);
    const { _id } = circulars.find(
      (item: { document: { documentId: string } | null }) => item.document?.documentId === documentId,
    );
    await site.asAdmin('DELETE', `/api/circulars/${_id}`);
    await expectStatus(documentId, 200);

    await site.asAdmin('PUT', '/api/content', { json: { ...withLink, correspondentMessage: 'No link.' } });
    await expectStatus(documentId, 404);
  });
});

describe('content that refers to a document', () => {
  it('is refused with 400 when the document is not stored, and changes nothing', async () => {
    const before = await content(site.url);
    const missing = `${'1'.repeat(32)}.pdf`;
    const circularAnswer = await site.asAdmin('POST', '/api/circulars', {
      json: circular({ documentId: missing, originalName: 'gone.pdf' }),
    });
    expect(circularAnswer).toMatchObject({ status: 400, body: { message: MISSING_DOCUMENT } });
    const linkAnswer = await site.asAdmin('PUT', '/api/content', {
      json: { ...before, presidentMessage: `See /api/document/${missing}` },
    });
    expect(linkAnswer).toMatchObject({ status: 400, body: { message: MISSING_DOCUMENT } });
    expect(await content(site.url)).toEqual(before);
  });
});
