/**
 * Keeps `UPLOADS_DIR` to the images and documents the content uses: a file is deleted as soon as
 * a change drops its last reference (item deleted, image replaced, link removed), and an upload
 * never attached to anything is deleted after a day. Both run in turn with content changes, so a
 * change that attaches a file can never be overtaken by the removal of that file.
 */
import type { SiteContent } from '../../site/contract/content.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { documentsOf, imagesOf, type References } from '../store/content-references.ts';
import type { ContentStore } from '../store/stores.ts';
import type { ImageStore } from './image-store.ts';

export const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** One kind of uploaded file: where it is kept and which of them the content uses. */
export interface UploadKind {
  files: Pick<ImageStore | DocumentStore, 'remove' | 'sweep'>;
  referenced: References;
}

/** The ids of `kind` a kept earlier version of the content refers to: those files stay (history). */
export type KeptElsewhere = (referenced: (content: SiteContent) => Set<string>) => Promise<Set<string>>;
const nothingKept: KeptElsewhere = async () => new Set();

export const imageUploads = (images: ImageStore): UploadKind => ({ files: images, referenced: imagesOf });
export const documentUploads = (documents: DocumentStore): UploadKind => ({
  files: documents,
  referenced: documentsOf,
});

/** Starts both for every kind; the answer stops them. */
export function keepUploadsTidy(
  content: ContentStore,
  kinds: readonly UploadKind[],
  kept: KeptElsewhere = nothingKept,
): () => void {
  const stops = kinds.map((kind) => removeDroppedFiles(content, kind, kept));
  const sweep = () => {
    for (const kind of kinds) void sweepUnattachedFiles(content, kind, new Date(), kept).catch(logFailure);
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => {
    for (const stop of stops) stop();
    clearInterval(timer);
  };
}

/** After every commit, deletes the files of `kind` it stopped referring to. Answers the unsubscribe. */
export function removeDroppedFiles(
  content: ContentStore,
  { files, referenced }: UploadKind,
  kept: KeptElsewhere = nothingKept,
): () => void {
  return content.onCommit((next, previous) => {
    const dropped = referenced.onlyIn(previous, next);
    if (dropped.length === 0) return;
    void content
      .exclusive(async (current) => {
        const stillUsed = referenced(current);
        const keptIds = await kept(referenced);
        for (const id of dropped) if (!stillUsed.has(id) && !keptIds.has(id)) await files.remove(id);
      })
      .catch(logFailure);
  });
}

/** Deletes the files of `kind` that nothing refers to and that are older than a day (at `now`). */
export function sweepUnattachedFiles(
  content: ContentStore,
  { files, referenced }: UploadKind,
  now = new Date(),
  kept: KeptElsewhere = nothingKept,
) {
  const savedBefore = new Date(now.getTime() - UNATTACHED_UPLOAD_LIFETIME_MS);
  return content.exclusive(async (current) =>
    files.sweep(new Set([...referenced(current), ...(await kept(referenced))]), savedBefore),
  );
}

export const removeDroppedImages = (content: ContentStore, images: ImageStore) =>
  removeDroppedFiles(content, imageUploads(images));

export const sweepUnattachedUploads = (content: ContentStore, images: ImageStore, now = new Date()) =>
  sweepUnattachedFiles(content, imageUploads(images), now);

function logFailure(error: unknown) {
  console.error('Removing unused uploads failed:', error);
}
