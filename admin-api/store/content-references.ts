/**
 * The images and documents a content document refers to, found once per document: finding the
 * documents reads every text of the content, which takes tens of milliseconds on a large site,
 * and the upload routes ask on every request. Committed documents are never changed in place, so
 * an answer holds for as long as its document lives.
 */
import { referencedDocumentIds, referencedImageIds, type SiteContent } from '../../site/contract/content.ts';

function remembered(find: (content: SiteContent) => Set<string>) {
  const found = new WeakMap<SiteContent, Set<string>>();
  return (content: SiteContent): Set<string> => {
    let ids = found.get(content);
    if (!ids) {
      ids = find(content);
      found.set(content, ids);
    }
    return ids;
  };
}

/** The image ids `content` shows. */
export const imagesOf = remembered(referencedImageIds);
/** The document ids `content` links. */
export const documentsOf = remembered(referencedDocumentIds);
