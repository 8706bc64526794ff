/** PDF files for the tests: small, real (they open in a PDF viewer), each unique by its text. */

/** A one-page PDF that shows `text`, with correct cross-references. */
export function pdfFile(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 150 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
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
  return answer.body as { documentId: string; originalName: string; size: number };
}
