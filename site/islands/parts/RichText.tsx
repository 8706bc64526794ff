import { paragraphs } from '../../lib/display-format.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import '../../styles/markdown.css';

/**
 * A description in a popup: its HTML as the build rendered it from the Markdown (site/lib/markdown.ts:
 * raw HTML in the text was escaped, unsafe links not made), or, for an item fetched since the build,
 * its plain text in paragraphs until the page is built again.
 */
export function RichText({
  markdown,
  html,
  lang,
}: {
  markdown: string;
  html: string | undefined;
  /** Its language when not the page's (fallback-lang.ts). */
  lang?: string | undefined;
}) {
  if (html !== undefined)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the renderer's HTML, made at build time (see above)
    return <div className="rich-text modal-text markdown" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="rich-text modal-text" lang={lang}>
      {paragraphs(markdownPlainText(markdown)).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
