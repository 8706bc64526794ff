import { Hono } from 'hono';
import { UploadedDocument } from '../../site/contract/api.ts';
import { DOCUMENT_ID_PATTERN, type SiteContent } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { HttpError } from '../http/errors.ts';
import { pathParam } from '../http/path-params.ts';
import { DOCUMENT_SECURITY_POLICY } from '../http/security-headers.ts';
import { limitUpload, readUploadedFile, type UploadRules } from '../http/upload-body.ts';
import { aliasedDocument } from '../media/replace-document.ts';
import { operations } from '../openapi/operation.ts';
import { documentsOf } from '../store/content-references.ts';

const NO_SUCH_DOCUMENT = 'This document does not exist';

export const DOCUMENT_UPLOADS: UploadRules = {
  maxBytes: 20 * 1024 * 1024,
  tooLarge: 'The document is larger than 20 MB',
  what: 'a PDF document',
};

/**
 * PDF documents (circulars, the mandatory public disclosure): administrators upload them, anyone
 * reads them. A document is served as it was uploaded, under a policy that runs no script of it.
 */
export function documentRoutes(deps: AppDeps) {
  const { stores, documents, history } = deps;
  const op = operations(deps);
  return new Hono()
    .post(
      '/documents',
      op({
        tag: 'Files',
        summary: 'Upload a PDF document',
        description:
          'A PDF of at most 20 MB, in the form field `file`, kept as it is. Then name it in a circular (`documentId`, `originalName`) or link it from a page (`/documents/{documentId}`); a document nothing uses is removed after a day.',
        permission: 'drafts',
        upload: { media: 'multipart/form-data', description: 'The PDF file.' },
        answers: {
          201: {
            description: 'The stored document: the id to name it by, its file name and size.',
            schema: UploadedDocument,
          },
        },
        refusals: {
          400: 'No file in the field `file`, or an empty file.',
          413: 'The file is larger than 20 MB.',
          415: 'The file is not a PDF, or not sent as multipart/form-data.',
        },
      }),
      limitUpload(DOCUMENT_UPLOADS),
      async (c) => {
        const file = await readUploadedFile(c, DOCUMENT_UPLOADS);
        return c.json(await documents.save(new Uint8Array(await file.arrayBuffer()), file.name), 201);
      },
    )
    .get(
      '/document/:documentId',
      op({
        tag: 'Files',
        summary: 'A PDF document',
        description:
          'The document as it was uploaded (a document whose file was replaced: the file that replaced it), named for a download as the circular that shows it names it (or as it was uploaded). A document the site no longer shows is not served.',
        answers: {
          200: {
            description: 'The document.',
            media: 'application/pdf',
            headers: {
              'Content-Disposition': '`inline`, with the document’s file name.',
              'Cache-Control': '`public, max-age=86400`: a day, so that a withdrawn document leaves caches soon.',
              'Content-Security-Policy': 'Runs no script of the document (`sandbox`).',
            },
          },
        },
        refusals: { 404: 'There is no such document, or the site no longer shows it.' },
      }),
      async (c) => {
        const documentId = aliasedDocument(
          stores.content.data,
          pathParam(c, 'documentId', DOCUMENT_ID_PATTERN, NO_SUCH_DOCUMENT),
        );
        if (await history?.retired(documentsOf, stores.content.data, documentId)) {
          throw new HttpError(404, NO_SUCH_DOCUMENT);
        }
        const document = await documents.read(documentId);
        if (!document) throw new HttpError(404, NO_SUCH_DOCUMENT);
        const name = withPdfExtension(circularName(stores.content.data, documentId) || document.originalName);
        return c.body(new Uint8Array(document.body), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition('inline', name),
          // The id names these bytes forever; a day, so that a withdrawn document leaves caches soon.
          'Cache-Control': 'public, max-age=86400',
          'Content-Security-Policy': DOCUMENT_SECURITY_POLICY,
        });
      },
    );
}

/** The name a circular gives the document, if one shows it. */
function circularName(content: SiteContent, documentId: string): string | undefined {
  return content.circulars.find((circular) => circular.document?.documentId === documentId)?.document?.originalName;
}

/** A name the visitor's computer opens as a PDF when saved. */
const withPdfExtension = (name: string) => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);
