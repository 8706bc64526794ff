/**
 * The checker's report of everything an editor can fix, drafts included: the long texts (pages,
 * descriptions, the about texts), the images without a text alternative, and each PDF the content
 * shows or links, each finding with the dashboard address of the item to fix.
 */
import type { AccessibilityFinding, Finding, PdfFindingKind } from '../../site/contract/accessibility.ts';
import { linkedDocumentIds, type SiteContent } from '../../site/contract/content.ts';
import { LEADERSHIP_ROLES } from '../../site/contract/leadership.ts';
import { imageFindings } from '../../site/lib/accessibility/image-findings.ts';
import { pdfFindings } from '../../site/lib/accessibility/pdf-findings.ts';
import { textFindings } from '../../site/lib/accessibility/text-findings.ts';

const DASHBOARD = '/admin/dashboard';
/** The dashboard's address of a section (`#events`), or of one item in it (`#events/<id>`). */
export const dashboardLink = (section: string, item?: string) =>
  `${DASHBOARD}#${section}${item ? `/${encodeURIComponent(item)}` : ''}`;

/** What the report knows of a stored PDF: its problems and its name; null when it is not stored. */
export type PdfLookup = (documentId: string) => Promise<{ problems: PdfFindingKind[]; name: string } | null>;

/** One thing to check: its texts (Markdown), its images, the PDFs it shows, and where to fix it. */
interface Checked {
  where: string;
  texts: string[];
  images?: Finding[];
  /** PDFs it shows by reference (a circular's document), with the name it gives them. */
  documents?: { documentId: string; name: string }[];
}

/** The findings of `content`, PDFs read with `pdf` (which the store answers from what it kept). */
export async function contentReport(content: SiteContent, pdf: PdfLookup): Promise<AccessibilityFinding[]> {
  const findings: AccessibilityFinding[] = [];
  for (const item of checkedParts(content)) {
    for (const text of item.texts) for (const finding of memoTextFindings(text)) findings.push(at(finding, item.where));
    for (const finding of item.images ?? []) findings.push(at(finding, item.where));
    const shown = new Map((item.documents ?? []).map((document) => [document.documentId, document.name]));
    for (const documentId of linkedDocumentIds(item.texts)) if (!shown.has(documentId)) shown.set(documentId, '');
    for (const [documentId, name] of shown) {
      const stored = await pdf(documentId);
      if (!stored) continue;
      for (const finding of pdfFindings(stored.problems, name || stored.name)) findings.push(at(finding, item.where));
    }
  }
  return findings;
}

const at = ({ kind, target, message }: Finding, where: string): AccessibilityFinding => ({
  kind,
  target,
  where,
  message,
});

function* checkedParts(content: SiteContent): Generator<Checked> {
  const library = content.imageAlts;
  const { settings } = content;
  yield {
    where: dashboardLink('site'),
    // The long texts written in Markdown (the introduction and the reasons are plain text).
    texts: [settings.aboutStory, settings.vision, settings.mission, ...settings.values.map((value) => value.text)],
    images: content.logos.flatMap((logo) => imageFindings(logo, library, logo.originalName)),
  };
  yield {
    where: dashboardLink('leadership'),
    texts: [],
    images: LEADERSHIP_ROLES.flatMap((role) => {
      const image = content[`${role}Image`];
      return image ? imageFindings(image, library, image.originalName || `the ${role}'s photo`) : [];
    }),
  };
  for (const page of content.pages) yield { where: dashboardLink('pages', page.slug), texts: [page.body] };
  for (const [section, items] of [
    ['events', content.events],
    ['news', content.news],
  ] as const) {
    for (const item of items) {
      yield {
        where: dashboardLink(section, item._id),
        texts: [item.description],
        images: item.image ? imageFindings(item.image, library, item.image.originalName || item.title) : [],
      };
    }
  }
  for (const circular of content.circulars) {
    yield {
      where: dashboardLink('circulars', circular._id),
      texts: [circular.description],
      documents: circular.document
        ? [{ documentId: circular.document.documentId, name: circular.document.originalName }]
        : [],
    };
  }
  for (const photo of [...content.homegallery, ...content.gallery]) {
    // A photo's caption is its text alternative unless it has one of its own.
    const images = imageFindings(photo, library, photo.caption || photo.imageId, photo.caption);
    if (images.length) yield { where: dashboardLink('galleries', photo._id), texts: [], images };
  }
}

/** Texts rarely change between two reports: each is checked once while it stays the same. */
const checkedTexts = new Map<string, Finding[]>();
const MAX_REMEMBERED = 50_000;

function memoTextFindings(text: string): Finding[] {
  let findings = checkedTexts.get(text);
  if (!findings) {
    if (checkedTexts.size >= MAX_REMEMBERED) checkedTexts.clear();
    findings = textFindings(text);
    checkedTexts.set(text, findings);
  }
  return findings;
}
