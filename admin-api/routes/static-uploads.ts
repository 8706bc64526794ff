import { Hono } from 'hono';
import { DOCUMENT_ID_PATTERN, IMAGE_ID_PATTERN } from '../../site/contract/content.ts';
import { RENDITION_WIDTHS } from '../../site/lib/image-sources.ts';
import type { AppDeps } from '../app-deps.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches } from '../http/etag.ts';
import { DOCUMENT_SECURITY_POLICY } from '../http/security-headers.ts';
import { CONTENT_TYPES } from '../images/image-format.ts';
import type { RenditionWidth } from '../images/image-store.ts';
import { aliasedDocument } from '../media/replace-document.ts';
import { operations } from '../openapi/operation.ts';
import { documentsOf, imagesOf } from '../store/content-references.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const RENDITION = /^(.+)-(\d+)\.webp$/;

/** The media types an image is served as: the format it was stored in, or WebP for a rendition. */
export const IMAGE_MEDIA = Object.values(CONTENT_TYPES);

/** What the API reference says of the headers of a served image. */
export const IMAGE_HEADERS = {
  ETag: 'Names these bytes forever: send it back as `If-None-Match` to get 304.',
  'Cache-Control': '`public, max-age=31536000, immutable`: an image id always names the same bytes.',
};

/**
 * The uploads at the static paths the pages link (site/lib/image-sources.ts, document-url.ts):
 * `/images/<imageId>`, `/images/<imageId>-<width>.webp`, `/documents/<documentId>`. The same
 * paths are files in a static build or a bucket; `/api/image` and `/api/document` answer too.
 * Like those, they do not serve a file only a kept version of the history still shows.
 */
export function staticUploadRoutes(deps: AppDeps) {
  const { images, documents, history, stores } = deps;
  const op = operations(deps);
  return new Hono()
    .get(
      '/images/:name',
      op({
        tag: 'Files',
        summary: 'An image, at the address the pages link',
        description: `\`/images/{imageId}\` is the image as stored; \`/images/{imageId}-{width}.webp\` is a WebP of it ${RENDITION_WIDTHS.join(', ')} pixels wide (never wider than the image). Outside \`/api\`: a static copy of the site serves the same paths. An image the site no longer shows is not served.`,
        answers: {
          200: { description: 'The image.', media: IMAGE_MEDIA, headers: IMAGE_HEADERS },
          304: {
            description: 'The image has not changed since the ETag sent as `If-None-Match`: no body.',
            media: null,
          },
        },
        refusals: { 404: 'There is no such image, or the site no longer shows it: “This image does not exist”.' },
      }),
      async (c) => {
        const name = c.req.param('name');
        const rendition = RENDITION.exec(name);
        const width = RENDITION_WIDTHS.find((allowed) => String(allowed) === rendition?.[2]) as
          | RenditionWidth
          | undefined;
        const imageId = rendition && width ? rendition[1]! : name;
        const retired = await history?.retired(imagesOf, stores.content.data, imageId);
        const image =
          !IMAGE_ID_PATTERN.test(imageId) || retired
            ? null
            : width
              ? await images.rendition(imageId, width)
              : await images.original(imageId);
        if (!image) throw new HttpError(404, 'This image does not exist');
        const headers = { ETag: image.etag, 'Cache-Control': IMMUTABLE };
        if (etagMatches(c.req.header('if-none-match'), image.etag)) return c.body(null, 304, headers);
        return c.body(new Uint8Array(image.body), 200, { ...headers, 'Content-Type': image.type });
      },
    )
    .get(
      '/documents/:name',
      op({
        tag: 'Files',
        summary: 'A PDF document, at the address the pages link',
        description:
          '`/documents/{documentId}`: the document as it was uploaded; a document whose file was replaced (PUT /api/admin/media/documents/{documentId}), the file that replaced it. Outside `/api`: a static copy of the site serves the same paths. A document the site no longer shows is not served.',
        answers: {
          200: {
            description: 'The document.',
            media: 'application/pdf',
            headers: {
              'Cache-Control':
                '`public, max-age=31536000, immutable`: a document id always names the same bytes; a replaced document’s former id `public, max-age=3600`, as a restore may bring its file back.',
              'Content-Security-Policy': 'Runs no script of the document (`sandbox`).',
            },
          },
        },
        refusals: { 404: 'There is no such document, or the site no longer shows it: “This document does not exist”.' },
      }),
      async (c) => {
        const asked = c.req.param('name');
        const name = aliasedDocument(stores.content.data, asked);
        const retired = await history?.retired(documentsOf, stores.content.data, name);
        const document = DOCUMENT_ID_PATTERN.test(name) && !retired ? await documents.read(name) : null;
        if (!document) throw new HttpError(404, 'This document does not exist');
        return c.body(new Uint8Array(document.body), 200, {
          'Content-Type': 'application/pdf',
          'Cache-Control': name === asked ? IMMUTABLE : 'public, max-age=3600',
          'Content-Security-Policy': DOCUMENT_SECURITY_POLICY,
        });
      },
    );
}
