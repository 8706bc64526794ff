/**
 * What the site search finds besides the pages themselves: each news item, event and photo of the
 * public content, at its card on the archive or gallery page that shows it (`#news-<id>`: Pagefind
 * keeps one record per address, and the cards show only the start of a description), each circular, and each public PDF. Made from the public view of the content only, so a draft
 * is never in them.
 */
import type { SiteContent } from '../../site/contract/content.ts';
import { referencedDocumentIds } from '../../site/contract/content.ts';
import { itemAnchor, SEARCH_KINDS, type SearchKind } from '../../site/contract/search.ts';
import { ARCHIVE_PAGE_SIZE, archiveIndex } from '../../site/lib/archive-pages.ts';
import { GALLERY_PAGE_SIZE } from '../../site/lib/gallery-pages.ts';
import { pathInLanguage } from '../../site/lib/language-paths.ts';
import { markdownPlainText } from '../../site/lib/markdown-text.ts';
import { pageNumberOf, pagePath } from '../../site/lib/paging.ts';

/** One search record not backed by a page of its own (Pagefind's custom record). */
export interface SearchRecord {
  url: string;
  title: string;
  kind: SearchKind;
  text: string;
}

/** A public PDF to index: its text is read from the stored file. */
export interface SearchDocument {
  documentId: string;
  /** The circular's title, or null for a document a page links (named after its file then). */
  title: string | null;
  /** What else is said of it (the circular's description). */
  about: string;
  kind: Extract<SearchKind, 'circular' | 'document'>;
}

/**
 * The news, events and photos of `content` (the public view), each where a visitor sees it: on
 * the pages of `language` (one of the site's), whose texts `content` is read in.
 */
export function contentRecords(
  content: SiteContent,
  now: Date,
  language = content.settings.languages[0] ?? '',
): SearchRecord[] {
  const records: SearchRecord[] = [];
  const at = (path: string, anchor: string) =>
    `${pathInLanguage(path, language, content.settings.languages)}#${anchor}`;
  const index = archiveIndex(content, now, content.settings.timeZone);
  for (const listing of [index.currentNews, index.upcomingEvents, ...index.pastEvents, ...index.expiredNews]) {
    listing.items.forEach((item, position) => {
      const kind = listing.kind === 'news' ? SEARCH_KINDS.news : SEARCH_KINDS.event;
      const url = at(pagePath(listing.base, pageNumberOf(position, ARCHIVE_PAGE_SIZE)), itemAnchor(kind, item._id));
      const place = 'location' in item && item.location ? item.location : '';
      records.push({
        url,
        title: item.title,
        kind,
        text: [item.title, place, markdownPlainText(item.description)].filter(Boolean).join('\n'),
      });
    });
  }
  content.gallery.forEach((photo, position) => {
    if (!photo.caption) return;
    const url = at(pagePath('/gallery', pageNumberOf(position, GALLERY_PAGE_SIZE)), itemAnchor('photo', photo._id));
    records.push({ url, title: photo.caption, kind: SEARCH_KINDS.photo, text: photo.caption });
  });
  // A circular with a PDF is found by its document (publicDocuments); one without, on its page.
  for (const circular of content.circulars) {
    if (circular.document) continue;
    const text = [circular.title, markdownPlainText(circular.description ?? '')].filter(Boolean).join('\n');
    const url = at('/notifications-circular', itemAnchor('circular', circular._id));
    records.push({ url, title: circular.title, kind: SEARCH_KINDS.circular, text });
  }
  return records;
}

/** The circulars' documents and every other document the public content links. */
export function publicDocuments(content: SiteContent): SearchDocument[] {
  const documents = new Map<string, SearchDocument>();
  for (const circular of content.circulars) {
    const documentId = circular.document?.documentId;
    if (documentId && !documents.has(documentId))
      documents.set(documentId, {
        documentId,
        title: circular.title,
        about: circular.description ?? '',
        kind: SEARCH_KINDS.circular,
      });
  }
  for (const documentId of referencedDocumentIds(content)) {
    if (!documents.has(documentId))
      documents.set(documentId, { documentId, title: null, about: '', kind: SEARCH_KINDS.document });
  }
  return [...documents.values()];
}
