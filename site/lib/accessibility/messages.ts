/** What each finding tells an editor to do, in one sentence. */
import type { PdfFindingKind } from '../../contract/accessibility.ts';

/** At most `max` characters of `text`, for quoting it in a sentence. */
export function quoted(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export const headingSkippedMessage = (heading: string, level: number, previous: number) =>
  previous === 1
    ? `The heading "${quoted(heading)}" is the text's first heading but is Heading ${level}: make it Heading 2, so that people using a screen reader can follow the outline.`
    : `The heading "${quoted(heading)}" jumps from Heading ${previous} to Heading ${level}: make it Heading ${previous + 1}, so that people using a screen reader can follow the outline.`;

export const HEADING_EMPTY_MESSAGE = 'A heading has no text: write its text, or remove the empty heading.';

export const linkTextMessage = (text: string, isAddress: boolean) =>
  isAddress
    ? `This link shows only the address "${quoted(text)}": change its text to say where it leads, such as "The school calendar".`
    : `This link says only "${quoted(text)}": change its text to say where it leads, such as "Download the fee schedule".`;

export const allCapsMessage = (text: string) =>
  `"${quoted(text)}" is written in capital letters, which is hard to read: write it in ordinary sentence case, and use bold for emphasis.`;

/** Beside an image being chosen, which has no name yet. */
export const MISSING_ALT_MESSAGE =
  'This image has no description for people who cannot see it: describe it in a few words, or mark it decorative if it adds nothing.';

export const imageAltMessage = (image: string) =>
  `The image "${quoted(image)}" has no description for people who cannot see it: describe it in a few words, or mark it decorative if it adds nothing.`;

const PDF_MESSAGES: Record<PdfFindingKind, (name: string) => string> = {
  'pdf-untagged': (name) =>
    `"${name}" is not a tagged PDF, so screen readers cannot follow its headings and reading order: export it again from your word processor with the accessibility (tagged PDF) option turned on.`,
  'pdf-no-title': (name) =>
    `"${name}" has no title: set the title in the document's properties, then export it to PDF again.`,
  'pdf-no-language': (name) =>
    `"${name}" does not say what language it is in: set the document's language in your word processor, then export it to PDF again.`,
  'pdf-no-text': (name) =>
    `"${name}" is a scan with no text, so screen readers cannot read it: upload the original document instead, or a copy run through text recognition (OCR).`,
};

export const pdfMessage = (kind: PdfFindingKind, name: string) => PDF_MESSAGES[kind](quoted(name, 80));
