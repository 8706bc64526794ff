import { Hono } from 'hono';
import { DOCUMENT_ID_PATTERN, type SiteContent } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireRole } from '../auth/require-admin.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { HttpError } from '../http/errors.ts';
import { pathParam } from '../http/path-params.ts';
import { DOCUMENT_SECURITY_POLICY } from '../http/security-headers.ts';
import { limitUpload, readUploadedFile, type UploadRules } from '../http/upload-body.ts';
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
export function documentRoutes({ stores, jwtSecret, documents, history }: AppDeps) {
  const allowed = requireRole(jwtSecret, stores.admins, 'drafts');
  return new Hono()
    .post('/documents', allowed, limitUpload(DOCUMENT_UPLOADS), async (c) => {
      const file = await readUploadedFile(c, DOCUMENT_UPLOADS);
      return c.json(await documents.save(new Uint8Array(await file.arrayBuffer()), file.name), 201);
    })
    .get('/document/:documentId', async (c) => {
      const documentId = pathParam(c, 'documentId', DOCUMENT_ID_PATTERN, NO_SUCH_DOCUMENT);
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
    });
}

/** The name a circular gives the document, if one shows it. */
function circularName(content: SiteContent, documentId: string): string | undefined {
  return content.circulars.find((circular) => circular.document?.documentId === documentId)?.document?.originalName;
}

/** A name the visitor's computer opens as a PDF when saved. */
const withPdfExtension = (name: string) => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);
