import { describe, expect, it } from 'vitest';
import { pdfFile } from '../../tests/api/test-documents.ts';
import { pdfText } from './pdf-text.ts';

describe('pdfText', () => {
  it('reads the words printed on a real PDF', async () => {
    const text = await pdfText(pdfFile('Sports day moved to Quokkaville stadium'));
    expect(text).toBe('Sports day moved to Quokkaville stadium');
  });

  it('leaves the bytes it was given intact', async () => {
    const bytes = pdfFile('Kept');
    const copy = Buffer.from(bytes);
    await pdfText(bytes);
    expect(Buffer.compare(bytes, copy)).toBe(0);
  });

  it('refuses what is not a PDF', async () => {
    await expect(pdfText(Buffer.from('not a pdf'))).rejects.toThrow();
  });
});
