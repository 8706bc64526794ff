/**
 * What the visual editor can hold: exactly what the school's Markdown shows (site/lib/markdown.ts)
 * and nothing a word processor brings besides. ProseMirror keeps only what this schema knows, so
 * pasted fonts, colours, classes and styles fall away; a pasted `<h1>` becomes a second-level
 * heading, as the page's title is its only first (and `<h5>`, `<h6>` a fourth-level one).
 */
import { type AnyExtension, type Attributes, mergeAttributes } from '@tiptap/core';
import Heading, { type Level } from '@tiptap/extension-heading';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';
import { isSafeLink } from '../../../lib/safe-link.ts';

export const HEADING_LEVELS: Level[] = [2, 3, 4];

const PageHeading = Heading.extend({
  parseHTML() {
    return [1, 2, 3, 4, 5, 6].map((level) => ({
      tag: `h${level}`,
      attrs: { level: Math.min(Math.max(level, 2), 4) },
    }));
  },
  parseMarkdown(token, helpers) {
    const level = Math.min(Math.max(Number(token.depth) || 2, 2), 4);
    return helpers.createNode('heading', { level }, helpers.parseInline(token.tokens ?? []));
  },
}).configure({ levels: HEADING_LEVELS });

// The pages' policy allows no style attribute: a table without the widths Tiptap sets for resizing,
// and a column's alignment as the class the public pages use.
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
  },
}).configure({ resizable: false });

function alignAsClass(inherited: Attributes = {}): Attributes {
  return {
    ...inherited,
    align: {
      ...inherited.align,
      renderHTML: (attributes) => (typeof attributes.align === 'string' ? { class: `align-${attributes.align}` } : {}),
    },
  };
}
const Cell = TableCell.extend({
  addAttributes() {
    return alignAsClass(this.parent?.());
  },
});
const Header = TableHeader.extend({
  addAttributes() {
    return alignAsClass(this.parent?.());
  },
});

/** The editor's extensions; `lineBreaks` for texts that were plain text before (a line break stays one). */
export function editorExtensions({ lineBreaks }: { lineBreaks: boolean }): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: false,
      // Markdown has no underline; code, strike-through and rules stay so that no text loses them.
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: null, target: null, class: null },
        isAllowedUri: (address) => isSafeLink(address),
      },
    }),
    PageHeading,
    PlainTable,
    TableRow,
    Header,
    Cell,
    Markdown.configure({ markedOptions: { gfm: true, breaks: lineBreaks } }),
  ];
}
