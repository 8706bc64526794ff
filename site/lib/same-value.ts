/**
 * Whether two values of a part of the content are the same. The content store's versions share
 * what an edit did not touch (store/json-document.ts), and so do publishing's public views of them:
 * the same object is the same value, a list that grew or shrank differs, and a list of the same
 * length is compared item by item, the same objects skipped; only the rest is compared as text.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
