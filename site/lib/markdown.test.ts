import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('the Markdown of the school pages', () => {
  it('renders headings, lists, links, bold and tables', () => {
    const html = renderMarkdown(
      '## Fees\n\n- one\n- two\n\n1. first\n\n**bold** and [contact](/contact)\n\n| Class | Age |\n| --- | :-: |\n| 1 | 6 |\n',
    );
    expect(html).toContain('<h2>Fees</h2>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<ol>\n<li>first</li>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/contact">contact</a>');
    expect(html).toContain('<th>Class</th>');
    expect(html).toContain('<td class="align-center">6</td>');
    expect(html).not.toContain('style=');
  });

  it('keeps the page title the only first-level heading', () => {
    expect(renderMarkdown('# Welcome')).toBe('<h2>Welcome</h2>\n');
  });

  it('shows raw HTML as text and makes no link that runs a script', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '[a](javascript:alert(1)) [b](JavaScript:alert(1)) [c](vbscript:msgbox(1)) [d](data:text/html,<script>x</script>)',
        '<javascript:alert(1)> [e](java\tscript:alert(1))',
      ].join('\n\n'),
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The onerror is left only inside the escaped text, on no element.
    expect(html).not.toMatch(/<(script|img)\b|href="\s*(javascript|vbscript|data):/i);
  });
});
