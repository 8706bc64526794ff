/**
 * What the accessibility check found in a PDF this dashboard uploaded (the upload's answer says
 * it): shown with the item that carries the PDF once it is saved. A warning, never a refusal.
 */
import type { Finding } from '../../../contract/accessibility.ts';
import type { UploadedDocument } from '../../../contract/api.ts';
import { FindingList } from './FindingList.tsx';
import './accessibility.css';

const uploaded = new Map<string, readonly Finding[]>();

/** Keeps the findings of an upload's answer for the item that will show the PDF. */
export function rememberPdfFindings(document: UploadedDocument): void {
  uploaded.set(document.documentId, document.findings);
}

export function PdfWarnings({ documentId }: { documentId: string | undefined }) {
  const findings = documentId ? uploaded.get(documentId) : undefined;
  if (!findings?.length) return null;
  return (
    <div className="a11y-warnings" role="status">
      <FindingList findings={findings} />
    </div>
  );
}
