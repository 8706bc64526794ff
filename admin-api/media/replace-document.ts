/**
 * Replacing a document's file. Documents are named by their bytes, so a new file is a new id: the
 * change points every reference of the content (a circular's document, a link in any text) at the
 * new id, and records the old id as an alias of the new one, so that the old address keeps
 * answering with the new file (outside links: e-mails, printed QR codes). Being one change of the
 * content, it is one version of the history: a restore brings the old file and links back.
 */
import { isDraft, original } from 'immer';
import type { DocumentRef, SiteContent } from '../../site/contract/content.ts';

export function replaceDocument(draft: SiteContent, oldId: string, next: DocumentRef): void {
  const base = (isDraft(draft) ? original(draft) : draft) as SiteContent;
  const rewrite = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(oldId, next.documentId)) as T;
  const parts = draft as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(base)) {
    if (key === 'documentAliases' || value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      // Item by item: the items that do not link it stay as they are (and unstamped).
      const list = parts[key] as unknown[];
      value.forEach((item, index) => {
        if (JSON.stringify(item).includes(oldId)) list[index] = rewrite(item);
      });
    } else if (JSON.stringify(value).includes(oldId)) {
      parts[key] = rewrite(value);
    }
  }
  for (const circular of draft.circulars) {
    if (circular.document?.documentId === next.documentId) circular.document.originalName = next.originalName;
  }
  const aliases = draft.documentAliases;
  for (const [former, current] of Object.entries(aliases)) if (current === oldId) aliases[former] = next.documentId;
  aliases[oldId] = next.documentId;
  // The file replaced by its former self: its own address needs no alias.
  delete aliases[next.documentId];
}

/** The id whose file an address of `documentId` serves: itself, or the file that replaced it. */
export const aliasedDocument = (content: Pick<SiteContent, 'documentAliases'>, documentId: string): string =>
  content.documentAliases?.[documentId] ?? documentId;
