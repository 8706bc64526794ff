/**
 * The images and documents a content document refers to, found once per document, and within it
 * once per part: finding the documents reads every text of the content, which takes tens of
 * milliseconds on a large site, the upload routes ask on every request, and the content writer on
 * every edit. A part an edit did not touch is the same object in the next document
 * (json-document.ts), so only the parts (and, of a list, the items) that changed are read again. Committed documents are never
 * changed in place, so an answer holds for as long as its document lives.
 */
import { referencedDocumentIds, referencedImageIds, type SiteContent } from '../../site/contract/content.ts';
import { itemsNotIn } from './list-chunks.ts';

type Find = (content: Partial<SiteContent>) => Set<string>;

/** The ids of one kind a content document refers to. */
export interface References {
  (content: SiteContent): Set<string>;
  /**
   * The ids `a` refers to and `b` does not: what a change from `b` to `a` attached (or, from `a`
   * to `b`, dropped). Only the parts that differ are read for them, so on a large site it costs
   * what the change touched, not the whole document.
   */
  onlyIn(a: SiteContent, b: SiteContent): string[];
}

/** `byItem`: a list is read item by item (finding is costly: reading every text); otherwise whole. */
function remembered(find: Find, byItem: boolean): References {
  const byPart = new WeakMap<object, Set<string>>();
  const once = (value: object, make: () => Set<string>) => {
    let ids = byPart.get(value);
    if (!ids) {
      ids = make();
      byPart.set(value, ids);
    }
    return ids;
  };
  const inItem = (key: string, item: unknown): Set<string> => {
    const own = () => find({ [key]: [item] });
    return typeof item === 'object' && item !== null ? once(item, own) : own();
  };
  // A list is read item by item: an edit of one item of a long list reads that item again, not the list.
  const inPart = (key: string, value: unknown): Set<string> => {
    if (typeof value !== 'object' || value === null) return find({ [key]: value });
    if (!Array.isArray(value) || !byItem) return once(value, () => find({ [key]: value }));
    return once(value, () => {
      const ids = new Set<string>();
      for (const item of value) {
        const found = inItem(key, item);
        if (found.size > 0) for (const id of found) ids.add(id);
      }
      return ids;
    });
  };
  const byDocument = new WeakMap<SiteContent, Set<string>>();
  const all = (content: SiteContent): Set<string> => {
    let ids = byDocument.get(content);
    if (!ids) {
      ids = new Set(Object.entries(content).flatMap(([key, value]) => [...inPart(key, value)]));
      byDocument.set(content, ids);
    }
    return ids;
  };
  const onlyIn = (a: SiteContent, b: SiteContent): string[] => {
    const found = new Set<string>();
    for (const [key, value] of Object.entries(a) as [keyof SiteContent, unknown][]) {
      const before = b[key];
      if (value === before) continue;
      // Of a list, only the items `b` does not have: an edit of a long list reads what it added or changed.
      const changed = Array.isArray(value) && Array.isArray(before) ? itemsNotIn(value, before) : null;
      const ids = changed ? changed.map((item) => inItem(key, item)) : [inPart(key, value)];
      for (const id of ids.flatMap((set) => [...set])) found.add(id);
    }
    if (found.size === 0) return [];
    // Not anywhere in `b`: an id may have moved from one part to another (an image from an event to a news item).
    const before = all(b);
    return [...found].filter((id) => !before.has(id));
  };
  return Object.assign(all, { onlyIn });
}

/** The image ids `content` shows. */
export const imagesOf = remembered(referencedImageIds, false);
/** The document ids `content` links. */
export const documentsOf = remembered(referencedDocumentIds, true);
