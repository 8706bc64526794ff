/**
 * The plain text of a bit of Markdown, for the short previews of cards and search engines' page
 * descriptions: no heading, list or quote markers, no table rules, a link as its text. Small and
 * without a Markdown parser, so the public islands can use it without a parser's weight.
 */
export function markdownPlainText(markdown: string): string {
  return (
    markdown
      .replace(/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$/gm, '')
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, '')
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d{1,9}[.)]\s+)/gm, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Emphasis and code only where Markdown pairs the marks: a lone `*`, `snake_case` or `__init` stay as typed.
      .replace(/`([^`\n]+)`/g, '$1')
      .replace(/(?<!\\)(\*\*|~~)(?=\S)(.*?[^\s\\])\1/g, '$2')
      .replace(/(?<![\p{L}\p{N}\\])__(?=\S)(.*?\S)__(?![\p{L}\p{N}])/gu, '$1')
      .replace(/(?<!\\)\*(?=\S)(.*?[^\s\\])\*/g, '$1')
      .replace(/(?<![\p{L}\p{N}\\])_(?=\S)(.*?\S)_(?![\p{L}\p{N}])/gu, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])|\s*\|\s*/g, (_found, escaped) => escaped ?? ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/^ | $/gm, '')
      .trim()
  );
}
