/**
 * The words of a PDF, for the site search: pdf.js (Mozilla's PDF library, also what checks the
 * documents' accessibility) reads the text of each page. A PDF without text (a scan) gives ''.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of `bytes`, pages separated by a blank line, runs of spaces as one. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes ownership of the buffer it is given: a copy leaves the caller's bytes intact.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      const words = items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('');
      pages.push(words.replace(/[^\S\n]+/g, ' ').trim());
      page.cleanup();
    }
    return pages.filter(Boolean).join('\n\n');
  } finally {
    await task.destroy();
  }
}
