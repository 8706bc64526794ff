import { useRef, useState } from 'react';
import type { SiteContent } from '../../contract/content.ts';
import { adminExchange } from '../../lib/admin-api.ts';

/** The content as the server last answered it, and the ETag naming that version (if sent). */
export interface ContentVersion {
  content: SiteContent;
  etag: string | null;
}

/**
 * Where the dashboard reads the content: all of it, drafts and their state included, for those who
 * write it; what is public for the others (the Office role needs only the school's name and zone).
 */
export const contentPath = (writes: boolean) => (writes ? '/api/admin/content' : '/api/content');

export async function fetchContent(path: string): Promise<ContentVersion> {
  const { body, headers } = await adminExchange<SiteContent>(path);
  return { content: body, etag: headers.get('ETag') };
}

export interface ContentDocument {
  /** The freshest content known, read at the moment of the call (not of the last render). */
  latest(): ContentVersion;
  /** A write succeeded: its answer replaces what it returned, and the site is being republished. */
  saved(slice: Partial<SiteContent>, etag?: string | null): void;
  /** Fetches the content again (another tab or person changed it). */
  reload(): Promise<void>;
}

/**
 * The dashboard's copy of the site content. Lists returned by a call replace the shown lists at
 * once; the ETag is only replaced by answers about the whole document, so after any other change
 * the next whole-document write is refused (412) and made again on fresh content.
 */
export function useContentDocument(initial: ContentVersion, path: string, onSaved: () => void) {
  const [content, setContent] = useState(initial.content);
  const latest = useRef(initial);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const [document] = useState<ContentDocument>(() => {
    const replace = (next: ContentVersion) => {
      latest.current = next;
      setContent(next.content);
    };
    return {
      latest: () => latest.current,
      saved(slice, etag) {
        const current = latest.current;
        replace({ content: { ...current.content, ...slice }, etag: etag === undefined ? current.etag : etag });
        onSavedRef.current();
      },
      async reload() {
        replace(await fetchContent(path));
      },
    };
  });
  return { content, document };
}
