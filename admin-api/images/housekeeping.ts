/**
 * Keeps `UPLOADS_DIR` to the images the content uses: an image is deleted as soon as a change
 * drops its last reference (item deleted, image replaced), and an upload never attached to
 * anything is deleted after a day. Both run in turn with content changes, so a change that
 * attaches an image can never be overtaken by the removal of that image.
 */
import { referencedImageIds } from '../../site/contract/content.ts';
import type { ContentStore } from '../store/stores.ts';
import type { ImageStore } from './image-store.ts';

export const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Starts both; the answer stops them. */
export function keepUploadsTidy(content: ContentStore, images: ImageStore): () => void {
  const stopRemoving = removeDroppedImages(content, images);
  const sweep = () => void sweepUnattachedUploads(content, images).catch(logFailure);
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => {
    stopRemoving();
    clearInterval(timer);
  };
}

/** After every commit, deletes the images it stopped referring to. Answers the unsubscribe. */
export function removeDroppedImages(content: ContentStore, images: ImageStore): () => void {
  return content.onCommit((next, previous) => {
    const kept = referencedImageIds(next);
    const dropped = [...referencedImageIds(previous)].filter((id) => !kept.has(id));
    if (dropped.length === 0) return;
    void content
      .exclusive(async (current) => {
        const stillUsed = referencedImageIds(current);
        for (const id of dropped) if (!stillUsed.has(id)) await images.remove(id);
      })
      .catch(logFailure);
  });
}

/** Deletes uploads that nothing refers to and that are older than a day (at `now`). */
export function sweepUnattachedUploads(content: ContentStore, images: ImageStore, now = new Date()) {
  const savedBefore = new Date(now.getTime() - UNATTACHED_UPLOAD_LIFETIME_MS);
  return content.exclusive((current) => images.sweep(referencedImageIds(current), savedBefore));
}

function logFailure(error: unknown) {
  console.error('Removing unused images failed:', error);
}
