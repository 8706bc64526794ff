/**
 * The school's pages are written in Markdown (headings, lists, links, emphasis, tables). Raw HTML
 * in the text is shown as text, never run, and links to `javascript:` and other script-running
 * schemes are not made (markdown-it's link validation). Used by the pages and the dashboard's
 * preview alike.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// The page's title is its only first-level heading: `# Heading` in the text becomes a second-level one.
// Table columns are aligned with classes, not style attributes, which the pages' policy forbids.
markdown.core.ruler.push('page_headings_and_alignment', (state) => {
  for (const token of state.tokens) {
    if (token.tag === 'h1') token.tag = 'h2';
    if (!token.type.endsWith('_open')) continue;
    const align = /^text-align:(left|center|right)$/.exec(String(token.attrGet('style') ?? ''))?.[1];
    if (!align) continue;
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    token.attrJoin('class', `align-${align}`);
  }
});

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
