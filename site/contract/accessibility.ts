/**
 * The accessibility checker's findings (GET /api/admin/accessibility, a PDF's upload answer and the
 * warnings beside a field): what kind of problem, what it is about, where to fix it, what to do.
 */
import * as z from 'zod';

export const TEXT_FINDING_KINDS = ['heading-skipped', 'heading-empty', 'link-text', 'all-caps'] as const;
export const PDF_FINDING_KINDS = ['pdf-untagged', 'pdf-no-title', 'pdf-no-language', 'pdf-no-text'] as const;
export const FINDING_KINDS = [...TEXT_FINDING_KINDS, 'image-alt', ...PDF_FINDING_KINDS] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
export type PdfFindingKind = (typeof PDF_FINDING_KINDS)[number];

/** A problem in one text, image or document, and what to do about it. */
export const Finding = z.object({
  kind: z.enum(FINDING_KINDS).meta({ description: 'What kind of problem, a stable code.' }),
  target: z.string().meta({
    description: 'What it is about: the heading, the link text, the capitals, the image or the PDF’s name.',
  }),
  message: z.string().meta({ description: 'What to do, in one sentence.' }),
});
export type Finding = z.infer<typeof Finding>;

/** A finding of the whole site's report: also where in the dashboard to fix it. */
export const AccessibilityFinding = z.object({
  kind: Finding.shape.kind,
  target: Finding.shape.target,
  where: z.string().meta({
    description: 'The dashboard address of the item or page to fix, e.g. `/admin/dashboard#events/<id>`.',
  }),
  message: Finding.shape.message,
});
export type AccessibilityFinding = z.infer<typeof AccessibilityFinding>;

export const AccessibilityReport = z.array(AccessibilityFinding);
