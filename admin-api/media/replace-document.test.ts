import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../../site/contract/content.ts';
import { defaultContent } from '../store/default-content.ts';
import { aliasedDocument, replaceDocument } from './replace-document.ts';

const id = (c: string) => `${c.repeat(32)}.pdf`;

function content(): SiteContent {
  const base = defaultContent();
  return {
    ...base,
    circulars: [
      {
        ...base.circulars[0]!,
        document: { documentId: id('a'), originalName: 'fees.pdf' },
        description: `See also [the form](/documents/${id('b')}).`,
      },
    ],
    pages: base.pages.map((page) =>
      page.slug === 'admissions' ? { ...page, body: `[Fees](/documents/${id('a')})` } : page,
    ) as SiteContent['pages'],
  };
}

describe('replaceDocument', () => {
  it('points every reference at the new file and keeps the old id as an alias', () => {
    const draft = content();
    const untouched = draft.pages.find((page) => page.slug === 'privacy');
    replaceDocument(draft, id('a'), { documentId: id('c'), originalName: 'fees-2.pdf' });
    expect(draft.circulars[0]!.document).toEqual({ documentId: id('c'), originalName: 'fees-2.pdf' });
    expect(draft.circulars[0]!.description).toContain(id('b'));
    expect(draft.pages.find((page) => page.slug === 'admissions')!.body).toBe(`[Fees](/documents/${id('c')})`);
    expect(draft.pages.find((page) => page.slug === 'privacy')).toBe(untouched);
    expect(draft.documentAliases).toEqual({ [id('a')]: id('c') });
    expect(aliasedDocument(draft, id('a'))).toBe(id('c'));
  });

  it('follows a second replacement from every former id, and drops an alias to itself', () => {
    const draft = content();
    replaceDocument(draft, id('a'), { documentId: id('c'), originalName: 'fees-2.pdf' });
    replaceDocument(draft, id('c'), { documentId: id('d'), originalName: 'fees-3.pdf' });
    expect(draft.documentAliases).toEqual({ [id('a')]: id('d'), [id('c')]: id('d') });
    replaceDocument(draft, id('d'), { documentId: id('a'), originalName: 'fees.pdf' });
    expect(draft.documentAliases).toEqual({ [id('c')]: id('a'), [id('d')]: id('a') });
    expect(draft.circulars[0]!.document!.documentId).toBe(id('a'));
  });
});
