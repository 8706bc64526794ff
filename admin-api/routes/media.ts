import { Hono } from 'hono';
import { ADMIN_PAGE_SIZE } from '../../site/contract/admin-lists.ts';
import {
  DOCUMENT_ID_PATTERN,
  documentId as documentIdField,
  IMAGE_ID_PATTERN,
  imageId as imageIdField,
  type SiteContent,
} from '../../site/contract/content.ts';
import {
  ImageAltInput,
  MEDIA_USES_SHOWN,
  type MediaItem,
  type MediaKind,
  MediaPage,
  MediaQuery,
  ReplacedDocument,
} from '../../site/contract/media.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { readJson, validate } from '../http/json-body.ts';
import { pathParam } from '../http/path-params.ts';
import { limitUpload, readUploadedFile } from '../http/upload-body.ts';
import { contentMedia } from '../media/media-uses.ts';
import { replaceDocument } from '../media/replace-document.ts';
import { type StoredFile, storedFiles, storedImageSize, uploadedDocumentName } from '../media/stored-files.ts';
import { operations } from '../openapi/operation.ts';
import { documentsOf, imagesOf } from '../store/content-references.ts';
import { contentWriter } from '../workflow/content-writer.ts';
import { DOCUMENT_UPLOADS } from './documents.ts';

const NO_SUCH_IMAGE = 'This image does not exist';
const NO_SUCH_DOCUMENT = 'This document does not exist';
const SAME_FILE = 'The new file is the same as the one it would replace';

/**
 * The media library: every stored image and document, with what uses it; the library's text
 * alternative of an image; and replacing a document's file while every link to it keeps working.
 */
export function mediaRoutes(deps: AppDeps) {
  const { stores, images, documents, history } = deps;
  const op = operations(deps);
  const write = contentWriter(deps);

  /** One file as the library lists it, without what is slow to find (dimensions). */
  const described = (
    file: StoredFile,
    content: SiteContent,
    names: Map<string, string>,
  ): MediaItem & { titles: () => string[] } => {
    const media = contentMedia(content);
    const uses = (file.kind === 'image' ? media.images : media.documents).get(file.id) ?? [];
    const alt = file.kind === 'image' ? content.imageAlts[file.id] : undefined;
    return {
      kind: file.kind,
      id: file.id,
      name: media.names.get(file.id) ?? names.get(file.id) ?? file.id,
      bytes: file.bytes,
      ...(alt ? { alt } : {}),
      uses: uses.slice(0, MEDIA_USES_SHOWN),
      useCount: uses.length,
      unused: uses.length === 0,
      titles: () => uses.map((use) => use.title),
    };
  };

  return new Hono<AdminEnv>()
    .get(
      '/admin/media',
      op({
        tag: 'Files',
        summary: 'The media library',
        description:
          'Every stored image and document, newest first, a page at a time: its name, size, dimensions (images), the library’s text alternative (images) and the items that use it, each with a link to its dashboard view. A file nothing uses is marked `unused` (it is removed a day after its upload). Search with `q` (name, alt text, the users’ titles), only one kind with `kind`, only unused files with `unused=true`.',
        permission: 'drafts',
        query: MediaQuery,
        answers: { 200: { description: 'The page, how many files there are and how many match.', schema: MediaPage } },
      }),
      async (c) => {
        const query = MediaQuery.safeParse(c.req.query());
        if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'The query is not valid');
        const { kind, page = 1, pageSize = ADMIN_PAGE_SIZE, q, unused } = query.data;
        const content = stores.content.data;
        const kinds: MediaKind[] = kind ? [kind] : ['image', 'document'];
        const listed = await Promise.all(
          kinds.map(async (one) => {
            const files = await storedFiles(one === 'image' ? images.dir : documents.dir, one);
            // A file only a kept version shows is the history's, not served: not offered again.
            const current = (one === 'image' ? imagesOf : documentsOf)(content);
            const kept = await history?.referencedByKept(one === 'image' ? imagesOf : documentsOf);
            return files.filter((file) => current.has(file.id) || !kept?.has(file.id));
          }),
        );
        const files = listed.flat().sort((a, b) => b.savedAt - a.savedAt || a.id.localeCompare(b.id));
        const names = new Map<string, string>();
        for (const file of files) {
          if (file.kind === 'document' && !contentMedia(content).names.has(file.id)) {
            const name = await uploadedDocumentName(documents.dir, file.id);
            if (name) names.set(file.id, name);
          }
        }
        const all = files.map((file) => described(file, content, names));
        const needle = q?.trim().toLowerCase();
        const matching = all.filter(
          (item) =>
            (unused !== 'true' || item.unused) &&
            (!needle ||
              [item.name, item.alt ?? '', ...item.titles()].some((text) => text.toLowerCase().includes(needle))),
        );
        const start = (page - 1) * pageSize;
        const items = await Promise.all(
          matching.slice(start, start + pageSize).map(async ({ titles: _titles, ...item }) => {
            if (item.kind !== 'image') return item;
            const size = await storedImageSize(images.dir, item.id);
            return size ? { ...item, width: size.width, height: size.height } : item;
          }),
        );
        return c.json(
          { items, total: all.length, matching: matching.length, page, pageSize } satisfies MediaPage,
          200,
          {
            'Cache-Control': 'no-cache',
          },
        );
      },
    )
    .put(
      '/admin/media/images/:imageId',
      op({
        tag: 'Files',
        summary: 'Set an image’s text alternative in the library',
        description:
          'The text alternative every item showing this image uses when it has none of its own (an item’s own `alt`, even `""` for decorative, comes first). An empty `alt` removes it: those items fall back as before (a gallery photo to its caption).',
        permission: 'content',
        body: ImageAltInput,
        example: { alt: 'Pupils planting trees in the school garden' },
        params: { imageId: { description: 'The image’s id.', schema: imageIdField } },
        answers: {
          200: { description: 'The image as the library now lists it.', schema: MediaPage.shape.items.element },
        },
        refusals: { 404: 'There is no such image.' },
      }),
      async (c) => {
        const imageId = pathParam(c, 'imageId', IMAGE_ID_PATTERN, NO_SUCH_IMAGE);
        const { alt } = await readJson(c, ImageAltInput);
        if (!(await images.has(imageId))) throw new HttpError(404, NO_SUCH_IMAGE);
        const content = await write((draft) => {
          if (alt) draft.imageAlts[imageId] = alt;
          else delete draft.imageAlts[imageId];
        });
        const [file] = (await storedFiles(images.dir, 'image')).filter((one) => one.id === imageId);
        if (!file) throw new HttpError(404, NO_SUCH_IMAGE);
        const size = await storedImageSize(images.dir, imageId);
        const { titles: _titles, ...item } = described(file, content, new Map());
        return c.json({ ...item, ...(size ?? {}) }, 200);
      },
    )
    .put(
      '/admin/media/documents/:documentId',
      op({
        tag: 'Files',
        summary: 'Replace a document’s file',
        description:
          'A new PDF (at most 20 MB, in the form field `file`) for this document. The new file gets its own id; every circular and every text of the content that named the old one names the new one (one change: the history keeps the old file, and a restore brings it back), and the old address `/documents/{documentId}` keeps answering with the new file, on the site, in a static build and in the bucket.',
        permission: 'content',
        upload: { media: 'multipart/form-data', description: 'The new PDF file.' },
        params: { documentId: { description: 'The id of the document to replace.', schema: documentIdField } },
        answers: { 200: { description: 'The new file and the id it replaced.', schema: ReplacedDocument } },
        refusals: {
          400: 'No file in the field `file`, an empty file, or the same file as the one it would replace.',
          404: 'There is no such document.',
          413: 'The file is larger than 20 MB.',
          415: 'The file is not a PDF, or not sent as multipart/form-data.',
        },
      }),
      limitUpload(DOCUMENT_UPLOADS),
      async (c) => {
        const documentId = pathParam(c, 'documentId', DOCUMENT_ID_PATTERN, NO_SUCH_DOCUMENT);
        if (!(await documents.has(documentId))) throw new HttpError(404, NO_SUCH_DOCUMENT);
        const file = await readUploadedFile(c, DOCUMENT_UPLOADS);
        const saved = await documents.save(new Uint8Array(await file.arrayBuffer()), file.name);
        if (saved.documentId === documentId) throw new HttpError(400, SAME_FILE);
        await write((draft) => replaceDocument(draft, documentId, saved));
        noteForAudit(c, { target: documentId });
        return c.json(validate(ReplacedDocument, { ...saved, replaced: documentId }), 200);
      },
    );
}
