/**
 * The words of a PDF, for the site search: pdf.js (Mozilla's PDF library, also what checks the
 * documents' accessibility) reads the text of each page. A PDF without text (a scan) gives ''.
 */
import { pageText, withPdf } from './pdf-open.ts';

/** The text of every page of `bytes`, pages separated by a blank line, runs of spaces as one. */
export function pdfText(bytes: Uint8Array): Promise<string> {
  return withPdf(bytes, async (pdf) => {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) pages.push(await pageText(pdf, number));
    return pages.filter(Boolean).join('\n\n');
  });
}
