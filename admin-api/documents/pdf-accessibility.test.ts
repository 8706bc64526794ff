import { getDocument } from 'unpdf/pdfjs';
import { describe, expect, it } from 'vitest';
import { pdfFile, scannedPdfFile, taggedPdfFile } from '../../tests/api/test-documents.ts';
import { pdfProblems } from './pdf-accessibility.ts';

describe('pdfProblems', () => {
  it('finds nothing in a tagged PDF with a title and a language', async () => {
    expect(await pdfProblems(taggedPdfFile('Fees for the year'))).toEqual([]);
  });

  it('finds an untagged PDF without title or language', async () => {
    expect(await pdfProblems(pdfFile('Fees for the year'))).toEqual([
      'pdf-untagged',
      'pdf-no-title',
      'pdf-no-language',
    ]);
  });

  it('finds a scan: no text on any page', async () => {
    expect(await pdfProblems(scannedPdfFile(1))).toEqual([
      'pdf-untagged',
      'pdf-no-title',
      'pdf-no-language',
      'pdf-no-text',
    ]);
  });

  it('finds everything in a file pdf.js cannot open', async () => {
    expect(await pdfProblems(Buffer.from('%PDF-1.4 broken'))).toHaveLength(4);
  });
});

describe('the tagged test PDF', () => {
  it('opens in pdf.js as tagged, with its structure tree, title, language and text', async () => {
    const task = getDocument({ data: new Uint8Array(taggedPdfFile('Fees for the year')), verbosity: 0 });
    const pdf = await task.promise;
    expect((await pdf.getMarkInfo())?.Marked).toBe(true);
    const { info } = await pdf.getMetadata();
    expect(info).toMatchObject({ Title: 'Fee schedule', Language: 'en' });
    const page = await pdf.getPage(1);
    const tree = await page.getStructTree();
    expect(JSON.stringify(tree)).toContain('"role":"P"');
    const text = await page.getTextContent();
    expect(text.items.map((item) => ('str' in item ? item.str : '')).join('')).toBe('Fees for the year');
    await task.destroy();
  });
});
