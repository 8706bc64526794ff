/**
 * The files the uploads folder holds, as the media library lists them: images and documents with
 * their size, newest first. An id names the same bytes forever, so an image's dimensions are read
 * once (sharp reads only its header).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { DOCUMENT_ID_PATTERN, IMAGE_ID_PATTERN } from '../../site/contract/content.ts';
import type { MediaKind } from '../../site/contract/media.ts';
import type { ImageSize } from '../../site/lib/image-sources.ts';

export interface StoredFile {
  kind: MediaKind;
  id: string;
  bytes: number;
  savedAt: number;
}

export async function storedFiles(dir: string, kind: MediaKind): Promise<StoredFile[]> {
  const pattern = kind === 'image' ? IMAGE_ID_PATTERN : DOCUMENT_ID_PATTERN;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = await Promise.all(
    names
      .filter((name) => pattern.test(name))
      .map(async (id) => {
        try {
          const { size, mtimeMs } = await stat(join(dir, id));
          return { kind, id, bytes: size, savedAt: mtimeMs };
        } catch {
          return null; // removed meanwhile
        }
      }),
  );
  return files.filter((file) => file !== null).sort((a, b) => b.savedAt - a.savedAt || a.id.localeCompare(b.id));
}

const sizes = new Map<string, ImageSize | null>();

/** The width and height of a stored image, or null when it cannot be read. */
export async function storedImageSize(dir: string, imageId: string): Promise<ImageSize | null> {
  if (sizes.has(imageId)) return sizes.get(imageId) ?? null;
  let size: ImageSize | null = null;
  try {
    const { width, height } = await sharp(join(dir, imageId)).metadata();
    size = width && height ? { width, height } : null;
  } catch {
    size = null;
  }
  if (size) sizes.set(imageId, size);
  return size;
}

/** The name a document had when it was uploaded (document-store.ts keeps it beside the file). */
export async function uploadedDocumentName(dir: string, documentId: string): Promise<string | null> {
  try {
    const meta = JSON.parse(await readFile(join(dir, `${documentId}.json`), 'utf8')) as { originalName?: unknown };
    return typeof meta.originalName === 'string' ? meta.originalName : null;
  } catch {
    return null;
  }
}
