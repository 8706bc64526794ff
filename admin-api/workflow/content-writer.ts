import type { SiteContent } from '../../site/contract/content.ts';
import type { RetentionSettings } from '../../site/contract/personal-data.ts';
import { may, type Role } from '../../site/contract/roles.ts';
import { formerSlugsAfter } from '../../site/contract/settings.ts';
import { currentUsername } from '../history/actor.ts';
import { HttpError } from '../http/errors.ts';
import { documentsOf, imagesOf } from '../store/content-references.ts';
import type { ListAccess } from '../store/list-access.ts';
import type { Stores } from '../store/stores.ts';
import { stampChanges } from './stamps.ts';

export const MISSING_IMAGE = 'The image was not found. Please upload it again.';
export const MISSING_DOCUMENT = 'The document was not found. Please upload it again.';

export type ContentChange = (draft: SiteContent) => void;
export type ContentWriter = (change: ContentChange) => Promise<SiteContent>;

/** The stored images or documents, by id. */
interface StoredFiles {
  has(id: string): Promise<boolean>;
}

/**
 * The one way the site content is changed: applies a change and answers the committed document.
 * A change that refers to an image or a document that is not stored (never uploaded, or removed
 * meanwhile) is refused with 400 and changes nothing; the check runs in turn with the removal of
 * unused files, so it cannot race it. A change that renames the school keeps the old about address,
 * which then redirects; each part it changed is stamped with who changed it and when
 * (workflow/stamps.ts). Every commit schedules a rebuild of the site (publish/publisher.ts).
 */
export function contentWriter({
  stores,
  images,
  documents,
}: {
  stores: Stores;
  images: StoredFiles;
  documents: StoredFiles;
}): ContentWriter {
  return async (change) => {
    const { data } = await stores.content.update(
      (draft) => {
        const nameBefore = draft.settings.schoolName;
        change(draft);
        const formerSlugs = formerSlugsAfter(nameBefore, draft.settings);
        // Assigned only when a rename changed them: the settings of any other edit stay the same object.
        if (formerSlugs.join('\n') !== draft.settings.formerSlugs.join('\n')) draft.settings.formerSlugs = formerSlugs;
      },
      {
        // Each part that changed says who changed it and when: the version later saves compare.
        finish: (next, previous) => stampChanges(next, previous, currentUsername()),
        verify: async (next, previous) => {
          for (const id of imagesOf.onlyIn(next, previous)) {
            if (!(await images.has(id))) throw new HttpError(400, MISSING_IMAGE);
          }
          for (const id of documentsOf.onlyIn(next, previous)) {
            if (!(await documents.has(id))) throw new HttpError(400, MISSING_DOCUMENT);
          }
        },
      },
    );
    return data;
  };
}

/** The ETag of a committed content document: the store's name for that commit. */
export function contentEtag(stores: Stores, content: SiteContent): string {
  return `"${stores.content.version(content)}"`;
}

/** The content's lists of items with ids. */
export type ContentListKey = {
  [K in keyof SiteContent]-?: SiteContent[K] extends readonly { _id: string }[] ? K : never;
}[keyof SiteContent];

/** One list of the content, read and written through `write`. */
export function contentList<K extends ContentListKey>(
  deps: { stores: Stores },
  write: ContentWriter,
  key: K,
): ListAccess<SiteContent[K][number]> {
  type Item = SiteContent[K][number];
  return {
    items: () => deps.stores.content.data[key],
    write: async (change) => {
      const committed = await write((draft) => change(draft[key] as Item[]));
      const items = committed[key];
      return {
        items,
        etag: contentEtag(deps.stores, committed),
        json: () => deps.stores.content.partBytes(items) as Uint8Array<ArrayBuffer>,
      };
    },
  };
}

/**
 * How long personal data is kept after the whole content is written (PUT /api/content, a version
 * restored): the settings sent, by an account that may change them (Administrators, whose own call
 * is PUT /api/admin/retention); otherwise, and when none were sent, the settings stored.
 */
export function keptRetention(role: Role, sent: RetentionSettings | undefined, stored: SiteContent): RetentionSettings {
  return sent && may(role, 'retention') ? sent : stored.retention;
}
