import { referencedImageIds, type SiteContent } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { HttpError } from '../http/errors.ts';

export const MISSING_IMAGE = 'The image was not found. Please upload it again.';

export type ContentChange = (draft: SiteContent) => void;

/**
 * Applies changes to the site content and answers the committed document. A change that refers
 * to an image that is not stored (never uploaded, or removed meanwhile) is refused with 400 and
 * changes nothing; the check runs in turn with the removal of unused images, so it cannot race it.
 * Every commit schedules a rebuild of the site (publish/publisher.ts).
 */
export function contentWriter({ stores, images }: Pick<AppDeps, 'stores' | 'images'>) {
  return async (change: ContentChange): Promise<SiteContent> => {
    const { data } = await stores.content.update(async (draft) => {
      const before = referencedImageIds(draft);
      change(draft);
      for (const id of referencedImageIds(draft)) {
        if (!before.has(id) && !(await images.has(id))) throw new HttpError(400, MISSING_IMAGE);
      }
    });
    return data;
  };
}

/** The item with `_id` in `list`, or 404 with `gone` (it was deleted, perhaps in another tab). */
export function itemIndex(list: readonly { _id: string }[], id: string, gone: string): number {
  const index = list.findIndex((item) => item._id === id);
  if (index === -1) throw new HttpError(404, gone);
  return index;
}
