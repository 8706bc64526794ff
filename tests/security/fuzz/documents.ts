/**
 * Uploads to POST /api/documents: real PDFs with bytes changed, and other files dressed up as PDFs.
 * Whatever starts like a PDF is kept as it is (201); anything else is refused (415).
 */
import fc from 'fast-check';
import type { Context, Planned } from './routes.ts';

export const documentUpload = fc.record({
  source: fc.nat(),
  flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
  cutAt: fc.option(fc.nat()),
  name: fc.constantFrom('circular.pdf', 'notice.PDF', '../../admins.json', 'a"b\r\n.pdf', 'फ़ाइल.pdf', ''),
});
export type DocumentUpload = typeof documentUpload extends fc.Arbitrary<infer D> ? D : never;

/** An upload of one of `files` with some bytes changed (and perhaps cut short). */
export function planDocumentUpload(d: DocumentUpload, files: readonly Buffer[], c: Context): Planned {
  const bytes = Buffer.from(files[d.source % files.length]!);
  for (const [at, value] of d.flips) bytes[at % bytes.length] = value;
  const file = d.cutAt === null ? bytes : bytes.subarray(0, 1 + (d.cutAt % bytes.length));
  const boundary = 'fuzzboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(d.name)}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
  return {
    label: isPdf ? 'document kept' : 'document refused',
    request: {
      method: 'POST',
      path: '/api/documents',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    },
    expect: { kind: 'answered', status: isPdf ? 201 : 415 },
  };
}
