import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('names the file plainly, and exactly in filename*', () => {
    expect(contentDisposition('inline', 'Circular 12.pdf')).toBe(
      `inline; filename="Circular 12.pdf"; filename*=UTF-8''Circular%2012.pdf`,
    );
    expect(contentDisposition('attachment', 'परिपत्र.pdf')).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('परिपत्र')}.pdf`,
    );
  });

  it('lets no quote, backslash or line break of a name end the header or add another', () => {
    const header = contentDisposition('inline', 'a"; filename="evil.html\r\nSet-Cookie: x=1\\.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toMatch(/^inline; filename="a__ filename=_evil\.html__Set-Cookie: x=1_\.pdf"; filename\*=UTF-8''/);
    expect(() => new Headers({ 'content-disposition': header })).not.toThrow();
  });
});
