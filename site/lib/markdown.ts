/**
 * The school's texts are written in Markdown (headings, lists, links, emphasis, tables). Raw HTML
 * in the text is shown as text, never run, and links to `javascript:` and other script-running
 * schemes are not made (`safe-link.ts`, the dashboard editor's rule too). Used by the pages, the
 * descriptions of events, news and circulars, the about texts and the dashboard's preview alike.
 */
import MarkdownIt, { type StateCore } from 'markdown-it';
import { isSafeLink } from './safe-link.ts';

// The page's title is its only first-level heading: `# Heading` in the text becomes a second-level one.
// Table columns are aligned with classes, not style attributes, which the pages' policy forbids.
function headingsAndAlignment(state: StateCore) {
  for (const token of state.tokens) {
    if (token.tag === 'h1') token.tag = 'h2';
    if (!token.type.endsWith('_open')) continue;
    const align = /^text-align:(left|center|right)$/.exec(String(token.attrGet('style') ?? ''))?.[1];
    if (!align) continue;
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    token.attrJoin('class', `align-${align}`);
  }
}

function renderer(breaks: boolean) {
  const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks });
  markdown.validateLink = isSafeLink;
  markdown.core.ruler.push('page_headings_and_alignment', headingsAndAlignment);
  return markdown;
}

const pages = renderer(false);
// Descriptions and about texts were plain text before the editor: a single line break they hold
// stays a line break, as it showed then.
const texts = renderer(true);

export function renderMarkdown(text: string, { lineBreaks = false }: { lineBreaks?: boolean } = {}): string {
  return (lineBreaks ? texts : pages).render(text);
}

/** The tokens `renderMarkdown` renders, for the accessibility checker (site/lib/accessibility/). */
export function markdownTokens(text: string) {
  return pages.parse(text, {});
}
