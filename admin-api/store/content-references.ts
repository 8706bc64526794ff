/**
 * The images and documents a content document refers to, found once per document, and within it
 * once per part: finding the documents reads every text of the content, which takes tens of
 * milliseconds on a large site, the upload routes ask on every request, and the content writer on
 * every edit. A part an edit did not touch is the same object in the next document
 * (json-document.ts), so only the parts that changed are read again. Committed documents are never
 * changed in place, so an answer holds for as long as its document lives.
 */
import { referencedDocumentIds, referencedImageIds, type SiteContent } from '../../site/contract/content.ts';

type Find = (content: Partial<SiteContent>) => Set<string>;

function remembered(find: Find) {
  const byPart = new WeakMap<object, Set<string>>();
  const inPart = (key: string, value: unknown) => {
    if (typeof value !== 'object' || value === null) return find({ [key]: value });
    let ids = byPart.get(value);
    if (!ids) {
      ids = find({ [key]: value });
      byPart.set(value, ids);
    }
    return ids;
  };
  const byDocument = new WeakMap<SiteContent, Set<string>>();
  return (content: SiteContent): Set<string> => {
    let ids = byDocument.get(content);
    if (!ids) {
      ids = new Set(Object.entries(content).flatMap(([key, value]) => [...inPart(key, value)]));
      byDocument.set(content, ids);
    }
    return ids;
  };
}

/** The image ids `content` shows. */
export const imagesOf = remembered(referencedImageIds);
/** The document ids `content` links. */
export const documentsOf = remembered(referencedDocumentIds);
