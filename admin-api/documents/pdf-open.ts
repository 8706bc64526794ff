/**
 * Opens a PDF with pdf.js (Mozilla's PDF library, in the build `unpdf` makes of it for servers) for
 * reading, never running anything in it.
 */
import { getDocument } from 'unpdf/pdfjs';

export type OpenPdf = Awaited<ReturnType<typeof getDocument>['promise']>;

/** Runs `read` on the PDF of `bytes`, then frees what pdf.js holds of it. */
export async function withPdf<T>(bytes: Uint8Array, read: (pdf: OpenPdf) => Promise<T>): Promise<T> {
  // pdf.js takes ownership of the buffer it is given: a copy leaves the caller's bytes intact.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    return await read(pdf);
  } finally {
    await task.destroy();
  }
}

/** The words of page `number`, runs of spaces as one. */
export async function pageText(pdf: OpenPdf, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  const { items } = await page.getTextContent();
  const words = items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('');
  page.cleanup();
  return words.replace(/[^\S\n]+/g, ' ').trim();
}
