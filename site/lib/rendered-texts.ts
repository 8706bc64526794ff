/**
 * The HTML of descriptions, made when the page is built, for the islands that show them (the
 * events and news popups): they get the HTML with their props and never load a Markdown parser.
 * Keyed by the Markdown itself, so a description the island fetched fresh and that has changed
 * since finds none and is shown as plain text until the page is built again.
 */
import { renderMarkdown } from './markdown.ts';

export type RenderedTexts = Record<string, string>;

export function renderedTexts(texts: string[]): RenderedTexts {
  const rendered: RenderedTexts = {};
  for (const text of texts) rendered[text] ??= renderMarkdown(text, { lineBreaks: true });
  return rendered;
}
