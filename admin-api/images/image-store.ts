/**
 * The uploaded images on disk: `UPLOADS_DIR/<imageId>`, where the id is a hash of the stored
 * bytes, and their WebP renditions under `UPLOADS_DIR/renditions/`. Files are written to a
 * temporary name and renamed, so a reader never sees half an image.
 */
import { createHash } from 'node:crypto';
import { rm, utimes } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { IMAGE_ID_PATTERN, type ImageRef } from '../../site/contract/content.ts';
import { RENDITION_WIDTHS } from '../../site/lib/image-sources.ts';
import { cleanName, exists, listFiles, readIfExists, savedEarlier, writeAtomically } from '../store/atomic-files.ts';
import { KeyedQueue } from '../store/keyed-queue.ts';
import { sweepUnreferenced } from '../store/upload-sweep.ts';
import { CONTENT_TYPES, type StoredFormat } from './image-format.ts';
import { makeRendition, normaliseImage } from './image-pipeline.ts';

export { cleanName } from '../store/atomic-files.ts';

export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export interface ServedImage {
  body: Buffer;
  type: string;
  /** Stable for as long as the id exists: the id is a hash of the bytes. */
  etag: string;
}

const RENDITIONS = 'renditions';

export class ImageStore {
  readonly dir: string;
  /** Saving, rendering and removing one image never overlap. */
  #perImage = new KeyedQueue();

  constructor(uploadsDir: string) {
    this.dir = resolve(uploadsDir);
  }

  /** Runs an upload through the pipeline (image-pipeline.ts) and keeps the result. */
  async save(bytes: Uint8Array, originalName: string): Promise<ImageRef> {
    const { data, format } = await normaliseImage(bytes);
    const imageId = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${format}`;
    await this.#perImage.run(imageId, async () => {
      const path = this.#path(imageId);
      // The same picture uploaded again: keep the file, and count its 24 hours from now.
      if (await exists(path)) await utimes(path, new Date(), new Date());
      else await writeAtomically(path, data);
    });
    return { imageId, originalName: cleanName(originalName) };
  }

  async has(imageId: string): Promise<boolean> {
    return IMAGE_ID_PATTERN.test(imageId) && exists(this.#path(imageId));
  }

  /** The stored image, or null when there is none by that id. */
  async original(imageId: string): Promise<ServedImage | null> {
    if (!IMAGE_ID_PATTERN.test(imageId)) return null;
    const body = await readIfExists(this.#path(imageId));
    return body && { body, type: CONTENT_TYPES[formatOf(imageId)], etag: `"${imageId}"` };
  }

  /** A WebP of the image `width` pixels wide (never wider than the image), made once and kept. */
  async rendition(imageId: string, width: RenditionWidth): Promise<ServedImage | null> {
    if (!IMAGE_ID_PATTERN.test(imageId)) return null;
    const path = this.#renditionPath(imageId, width);
    const served = (body: Buffer) => ({ body, type: 'image/webp', etag: `"${imageId}.w${width}"` });
    const kept = await readIfExists(path);
    if (kept) return served(kept);
    return this.#perImage.run(imageId, async () => {
      const madeMeanwhile = await readIfExists(path);
      if (madeMeanwhile) return served(madeMeanwhile);
      const stored = await readIfExists(this.#path(imageId));
      if (!stored) return null;
      const body = await makeRendition(stored, formatOf(imageId), width);
      await writeAtomically(path, body);
      return served(body);
    });
  }

  /** Deletes the image and its renditions (nothing happens when it is not there). */
  remove(imageId: string): Promise<void> {
    if (!IMAGE_ID_PATTERN.test(imageId)) return Promise.resolve();
    return this.#perImage.run(imageId, () => this.#removeFiles(imageId));
  }

  /**
   * Removes the uploads that nothing refers to and that were saved before `savedBefore`, files
   * left half-written by a crash, and renditions whose image is gone. Answers the removed ids.
   */
  async sweep(referenced: ReadonlySet<string>, savedBefore: Date): Promise<string[]> {
    const removed = await sweepUnreferenced(
      {
        dir: this.dir,
        isId: (name) => IMAGE_ID_PATTERN.test(name),
        inTurn: (id, task) => this.#perImage.run(id, task),
        removeFiles: (id) => this.#removeFiles(id),
      },
      referenced,
      savedBefore,
    );
    await this.#removeOrphanRenditions(savedBefore);
    return removed;
  }

  async #removeFiles(imageId: string) {
    await Promise.all(RENDITION_WIDTHS.map((width) => rm(this.#renditionPath(imageId, width), { force: true })));
    await rm(this.#path(imageId), { force: true });
  }

  async #removeOrphanRenditions(savedBefore: Date) {
    const dir = join(this.dir, RENDITIONS);
    for (const name of await listFiles(dir)) {
      const imageId = name.replace(/\.w\d+\.webp$/, '');
      const orphan = !IMAGE_ID_PATTERN.test(imageId) || !(await exists(this.#path(imageId)));
      if (orphan && (await savedEarlier(join(dir, name), savedBefore))) await rm(join(dir, name), { force: true });
    }
  }

  #path(imageId: string): string {
    if (!IMAGE_ID_PATTERN.test(imageId)) throw new Error(`Not an image id: ${imageId}`);
    return join(this.dir, imageId);
  }

  #renditionPath(imageId: string, width: RenditionWidth): string {
    return join(this.dir, RENDITIONS, `${imageId}.w${width}.webp`);
  }
}

const formatOf = (imageId: string) => imageId.slice(imageId.lastIndexOf('.') + 1) as StoredFormat;
