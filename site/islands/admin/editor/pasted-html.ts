/**
 * What a word processor or a web page puts on the clipboard, made plain before the editor reads
 * it. Word and Google Docs say "bold" and "italic" with inline styles (`<span style="font-weight:
 * 700">`) and wrap a whole document in `<b style="font-weight:normal">`; the dashboard's policy
 * forbids style attributes, so the browser would refuse to read them (and report each one). The
 * styles are renamed before any element is made, read here into `<strong>` and `<em>`, and
 * dropped with every class; a table without a header row gets its first row as the header, as
 * Markdown tables have one.
 */
const STYLE_ATTRIBUTE = /(<[^>]*?\s)style(\s*=)/gi;
const BOLD = /font-weight\s*:\s*(bold|bolder|[6-9]00)\b/i;
const NOT_BOLD = /font-weight\s*:\s*(normal|[1-4]00)\b/i;
const ITALIC = /font-style\s*:\s*(italic|oblique)\b/i;

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(STYLE_ATTRIBUTE, '$1data-pasted-style$2'), 'text/html');
  for (const element of Array.from(doc.body.querySelectorAll<HTMLElement>('[data-pasted-style]'))) {
    const style = element.getAttribute('data-pasted-style') ?? '';
    element.removeAttribute('data-pasted-style');
    if (/^(b|strong)$/i.test(element.tagName) && NOT_BOLD.test(style)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    if (BOLD.test(style) && !/^(b|strong|h\d|th)$/i.test(element.tagName)) wrapContent(element, 'strong');
    if (ITALIC.test(style) && !/^(i|em)$/i.test(element.tagName)) wrapContent(element, 'em');
  }
  for (const element of Array.from(doc.body.querySelectorAll('[class]'))) element.removeAttribute('class');
  for (const table of Array.from(doc.body.querySelectorAll('table'))) headerRowOf(table);
  return doc.body.innerHTML;
}

function wrapContent(element: Element, tag: 'strong' | 'em') {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...Array.from(element.childNodes));
  element.append(wrapper);
}

/** The first row's cells as header cells (their bold is the header's own), when no row has any. */
function headerRowOf(table: HTMLTableElement) {
  const first = table.rows[0];
  if (!first || table.querySelector('th')) return;
  for (const cell of Array.from(first.cells)) {
    const header = table.ownerDocument.createElement('th');
    header.append(...Array.from(cell.childNodes));
    for (const bold of Array.from(header.querySelectorAll('b, strong')))
      bold.replaceWith(...Array.from(bold.childNodes));
    cell.replaceWith(header);
  }
}
