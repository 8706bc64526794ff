import { useRef, useState } from 'react';
import { ADMIN_LIST_KEYS, type AdminListKey } from '../../contract/admin-lists.ts';
import { SiteContent } from '../../contract/content.ts';
import { adminExchange } from '../../lib/admin-api.ts';

/**
 * The content without its long lists (events, news, circulars and the two galleries): those are
 * read a page at a time (use-server-list.ts), so the dashboard never downloads 20,000 items.
 */
export type DocumentContent = Omit<SiteContent, AdminListKey>;

/** The content as the server last answered it, and the ETag naming that version (if sent). */
export interface ContentVersion {
  content: DocumentContent;
  etag: string | null;
}

const isLongList = (key: string) => (ADMIN_LIST_KEYS as string[]).includes(key);
const DOCUMENT_PARTS = Object.keys(SiteContent.shape).filter((key) => !isLongList(key));

/**
 * Where the dashboard reads the content: all but the long lists, drafts and their state included
 * for those who write it; what is public for the others (the Office role needs only the school's
 * name and zone).
 */
export const CONTENT_PATH = `/api/admin/content/parts?parts=${DOCUMENT_PARTS.join(',')}`;

/** `content` without its long lists. */
function withoutLists(content: Partial<SiteContent>): Partial<DocumentContent> {
  return Object.fromEntries(Object.entries(content).filter(([key]) => !isLongList(key)));
}

export async function fetchContent(path: string): Promise<ContentVersion> {
  const { body, headers } = await adminExchange<SiteContent>(path);
  return { content: withoutLists(body) as DocumentContent, etag: headers.get('ETag') };
}

/** How many times each long list was changed by this tab: its shown page is read again on each. */
export type ListRevisions = Record<AdminListKey, number>;

export interface ContentDocument {
  /** The freshest content known, read at the moment of the call (not of the last render). */
  latest(): ContentVersion;
  /**
   * A write succeeded: its answer replaces what it returned, and the site is being republished.
   * A long list in the answer is not kept: it marks that list changed, to be read again.
   */
  saved(slice: Partial<SiteContent>, etag?: string | null): void;
  /** A write to a long list succeeded (answered without it): its shown pages are read again. */
  listWritten(key: AdminListKey): void;
  /** Fetches the content again, and the shown pages of the lists (another tab or person changed it). */
  reload(): Promise<void>;
}

/**
 * The dashboard's copy of the site content. Parts returned by a call replace the shown ones at
 * once; the ETag is only replaced by answers about the whole document, so after any other change
 * the next whole-document write is refused (412) and made again on fresh content.
 */
export function useContentDocument(initial: ContentVersion, path: string, onSaved: () => void) {
  const [content, setContent] = useState(initial.content);
  const [revisions, setRevisions] = useState<ListRevisions>(
    () => Object.fromEntries(ADMIN_LIST_KEYS.map((key) => [key, 0])) as ListRevisions,
  );
  const latest = useRef(initial);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const [document] = useState<ContentDocument>(() => {
    const replace = (next: ContentVersion) => {
      latest.current = next;
      setContent(next.content);
    };
    const changed = (lists: readonly AdminListKey[]) => {
      if (lists.length === 0) return;
      setRevisions((old) => ({ ...old, ...Object.fromEntries(lists.map((key) => [key, old[key] + 1])) }));
    };
    return {
      latest: () => latest.current,
      saved(slice, etag) {
        const current = latest.current;
        changed(ADMIN_LIST_KEYS.filter((key) => key in slice));
        const kept = withoutLists(slice);
        replace({ content: { ...current.content, ...kept }, etag: etag === undefined ? current.etag : etag });
        onSavedRef.current();
      },
      listWritten(key) {
        changed([key]);
        onSavedRef.current();
      },
      async reload() {
        replace(await fetchContent(path));
        changed(ADMIN_LIST_KEYS);
      },
    };
  });
  return { content, document, revisions };
}
