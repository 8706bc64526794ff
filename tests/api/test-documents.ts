/** PDF files for the tests: small, real (they open in a PDF viewer), each unique by its text. */

/** A one-page PDF that shows `text`, with correct cross-references: untagged, no title or language. */
export function pdfFile(text: string): Buffer {
  return untaggedPdf(`BT /F1 18 Tf 40 150 Td (${pdfString(text)}) Tj ET`);
}

/**
 * An accessible PDF that shows `text`: tagged (a structure tree whose paragraph is the page's
 * marked content, MarkInfo /Marked true), with a title and a language, as a word processor exports it.
 */
export function taggedPdfFile(text: string, title = 'Fee schedule'): Buffer {
  const stream = `/P << /MCID 0 >> BDC BT /F1 18 Tf 40 150 Td (${pdfString(text)}) Tj ET EMC`;
  return pdfOf(
    [
      '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 6 0 R /Lang (en) >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      PAGE.replace(' >> >> >>', ' >> >> /StructParents 0 >>'),
      streamObject(stream),
      FONT,
      '<< /Type /StructTreeRoot /K 7 0 R /ParentTree 9 0 R /ParentTreeNextKey 1 >>',
      '<< /Type /StructElem /S /Document /P 6 0 R /K [8 0 R] >>',
      '<< /Type /StructElem /S /P /P 7 0 R /Pg 3 0 R /K 0 >>',
      '<< /Nums [0 [8 0 R]] >>',
      `<< /Title (${pdfString(title)}) >>`,
    ],
    '/Info 10 0 R',
  );
}

/** A PDF of a scan: a page with marks on it (unique by `seed`) but no text. */
export function scannedPdfFile(seed: number): Buffer {
  return untaggedPdf(`0.5 g ${40 + (seed % 300)} 50 100 100 re f`);
}

/** A one-page PDF drawing the content `stream`: no tags, title or language. */
function untaggedPdf(stream: string): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE,
    streamObject(stream),
    FONT,
  ]);
}

const PAGE =
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const pdfString = (text: string) => text.replace(/[()\\]/g, '');
const streamObject = (stream: string) => `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;

/** The PDF file of `objects` (numbered from 1, the first the catalog), with correct cross-references. */
function pdfOf(objects: string[], trailer = ''): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** POST `bytes` as the form field `file` to `path` (/api/documents), as the dashboard sends it. */
export async function postFile(
  base: string,
  path: string,
  token: string | null,
  bytes: Uint8Array,
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: as `call`, the assertions check the answer
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(base + path, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** Uploads a PDF and answers its reference, failing the test when the upload is refused. */
export async function uploadedDocument(base: string, token: string, bytes: Uint8Array, name = 'circular.pdf') {
  const answer = await postFile(base, '/api/documents', token, bytes, name);
  if (answer.status !== 201) throw new Error(`document refused: ${JSON.stringify(answer.body)}`);
  return answer.body as {
    documentId: string;
    originalName: string;
    size: number;
    /** The accessibility checker's findings on the PDF. */
    findings: { kind: string; target: string; message: string }[];
  };
}
