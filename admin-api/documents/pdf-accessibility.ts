/**
 * What keeps a PDF from people who use a screen reader, read with pdf.js: no tags (no structure
 * tree, or not marked as tagged), no title, no language, no text at all (a scan).
 */
import type { PdfFindingKind } from '../../site/contract/accessibility.ts';
import { type OpenPdf, pageText, withPdf } from './pdf-open.ts';

/** The problems of the PDF of `bytes`, in the order of PDF_FINDING_KINDS; a PDF pdf.js cannot open has them all. */
export async function pdfProblems(bytes: Uint8Array): Promise<PdfFindingKind[]> {
  try {
    return await withPdf(bytes, async (pdf) => {
      const read = await pdf.getMetadata();
      const { info, metadata } = read;
      // pdf.js answers whether the catalog has a structure tree, though its types do not say so yet.
      const { hasStructTree } = read as { hasStructTree?: boolean };
      const fields = info as { Title?: unknown; Language?: unknown };
      const tagged = (await pdf.getMarkInfo())?.Marked === true && (hasStructTree ?? (await firstPageTree(pdf)));
      const title = filled(fields.Title) || filled(metadata?.get('dc:title'));
      const problems: PdfFindingKind[] = [];
      if (!tagged) problems.push('pdf-untagged');
      if (!title) problems.push('pdf-no-title');
      if (!filled(fields.Language)) problems.push('pdf-no-language');
      if (!(await hasText(pdf))) problems.push('pdf-no-text');
      return problems;
    });
  } catch {
    return ['pdf-untagged', 'pdf-no-title', 'pdf-no-language', 'pdf-no-text'];
  }
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

async function firstPageTree(pdf: OpenPdf): Promise<boolean> {
  const page = await pdf.getPage(1);
  return (await page.getStructTree()) !== null;
}

/** Whether any page has text (stops at the first that has). */
async function hasText(pdf: OpenPdf): Promise<boolean> {
  for (let number = 1; number <= pdf.numPages; number++) if (await pageText(pdf, number)) return true;
  return false;
}
