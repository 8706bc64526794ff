import type { Finding, PdfFindingKind } from '../../contract/accessibility.ts';
import { pdfMessage } from './messages.ts';

/** The findings of a PDF named `name` with the problems `problems` (admin-api/documents/pdf-accessibility.ts). */
export const pdfFindings = (problems: readonly PdfFindingKind[], name: string): Finding[] =>
  problems.map((kind) => ({ kind, target: name, message: pdfMessage(kind, name) }));
