/**
 * Uploads to POST /api/documents: real PDFs with bytes changed, and other files dressed up as PDFs.
 * Whatever starts like a PDF is kept as it is (201); anything else is refused (415).
 */
import fc from 'fast-check';
import { damage, damagedUpload, MULTIPART } from './damaged-upload.ts';
import type { Context, Planned } from './routes.ts';

export const documentUpload = fc.record({
  ...damage(0),
  name: fc.constantFrom('circular.pdf', 'notice.PDF', '../../admins.json', 'a"b\r\n.pdf', 'फ़ाइल.pdf', ''),
});
export type DocumentUpload = typeof documentUpload extends fc.Arbitrary<infer D> ? D : never;

/** An upload of one of `files` with some bytes changed (and perhaps cut short). */
export function planDocumentUpload(d: DocumentUpload, files: readonly Buffer[], c: Context): Planned {
  const { file, body } = damagedUpload(d, files, encodeURIComponent(d.name), 'application/pdf');
  const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
  return {
    label: isPdf ? 'document kept' : 'document refused',
    request: {
      method: 'POST',
      path: '/api/documents',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': MULTIPART },
      body,
    },
    expect: { kind: 'answered', status: isPdf ? 201 : 415 },
  };
}
