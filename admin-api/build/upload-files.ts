/**
 * The uploads a rendered site shows, as files at the static paths its pages link
 * (site/lib/image-sources.ts, site/lib/document-url.ts): exactly the image renditions, originals
 * and documents some page, feed or stylesheet of the site refers to.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { RENDITION_WIDTHS } from '../../site/lib/image-sources.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import type { ImageStore, RenditionWidth } from '../images/image-store.ts';

const TEXT_FILES = new Set(['.html', '.xml', '.ics', '.txt', '.css', '.json', '.webmanifest']);
// `/api/document/…` too: page texts may link documents that way (site/contract/content.ts).
const UPLOAD_PATH = /\/(images|documents|api\/document)\/([a-f0-9]{32}\.[a-z]+(?:-\d+\.webp)?)/g;
const RENDITION = /^(.+)-(\d+)\.webp$/;

/** Every `/images/…` and `/documents/…` path mentioned by the text files under `dir`. */
export async function referencedUploads(dir: string): Promise<Set<string>> {
  const paths = new Set<string>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !TEXT_FILES.has(extname(entry.name))) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(UPLOAD_PATH)) paths.add(`/${match[1]}/${match[2]}`);
  }
  return paths;
}

/** Writes each of `paths` under `outDir`; a path whose upload is missing is an error. */
export async function writeUploads(outDir: string, paths: Iterable<string>, stores: UploadStores): Promise<void> {
  for (const path of paths) {
    const body = await uploadBody(path, stores);
    if (!body) throw new Error(`The site shows ${path}, but that upload is not in UPLOADS_DIR`);
    const file = join(outDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body);
  }
}

export interface UploadStores {
  images: ImageStore;
  documents: DocumentStore;
  /** A replaced document's former id → its new id (`SiteContent.documentAliases`): the old address serves the new file. */
  documentAliases?: () => Readonly<Record<string, string>>;
}

/** The addresses of replaced documents, which keep serving their new file (links from outside the site). */
export function aliasedDocumentPaths(stores: UploadStores): string[] {
  return Object.keys(stores.documentAliases?.() ?? {}).map((documentId) => `/documents/${documentId}`);
}

/** The bytes at an upload's static path, or null when there is no such upload. */
export async function uploadBody(
  path: string,
  { images, documents, documentAliases }: UploadStores,
): Promise<Buffer | null> {
  const kind = path.slice(1, path.lastIndexOf('/'));
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (kind === 'documents' || kind === 'api/document') {
    return (await documents.read(documentAliases?.()[name] ?? name))?.body ?? null;
  }
  const rendition = RENDITION.exec(name);
  if (!rendition) return (await images.original(name))?.body ?? null;
  const width = RENDITION_WIDTHS.find((allowed) => String(allowed) === rendition[2]) as RenditionWidth | undefined;
  return width ? ((await images.rendition(rendition[1]!, width))?.body ?? null) : null;
}
