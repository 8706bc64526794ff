import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { IMAGE_ID_PATTERN, ImageRef } from '../../site/contract/content.ts';
import { RENDITION_WIDTHS } from '../../site/lib/image-sources.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches } from '../http/etag.ts';
import { pathParam } from '../http/path-params.ts';
import { MAX_UPLOAD_BYTES, readUploadedFile, uploadLimit } from '../http/upload-body.ts';
import type { RenditionWidth, ServedImage } from '../images/image-store.ts';
import { operations } from '../openapi/operation.ts';
import { imagesOf } from '../store/content-references.ts';
import { IMAGE_HEADERS, IMAGE_MEDIA } from './static-uploads.ts';

const NO_SUCH_IMAGE = 'This image does not exist';
const WIDTHS_TEXT = RENDITION_WIDTHS.join(', ');

/** GET /api/image/{imageId}?w=: the width of a WebP rendition, or none for the image as stored. */
export const ImageQuery = z.object({
  w: z
    .enum(RENDITION_WIDTHS.map(String) as [string, ...string[]])
    .optional()
    .meta({ description: `A WebP of the image this many pixels wide (never wider than the image): ${WIDTHS_TEXT}.` }),
});

/**
 * Uploads (administrators) and the images themselves (everyone). An image id names the same
 * bytes forever, so browsers may keep an image for a year without asking again.
 */
export function imageRoutes(deps: AppDeps) {
  const { stores, images, history } = deps;
  const op = operations(deps);
  return new Hono()
    .post(
      '/upload',
      op({
        tag: 'Files',
        summary: 'Upload an image',
        description: `A JPEG, PNG, WebP, AVIF or GIF of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, in the form field \`file\`. The server turns it upright, makes it at most 2560 pixels on its longest side and encodes it afresh, without its metadata (camera, location). Then name it in an item (\`imageId\`, \`originalName\`); an image nothing uses is removed after a day.`,
        permission: 'drafts',
        upload: { media: 'multipart/form-data', description: 'The image file.' },
        answers: {
          201: { description: 'The stored image: the id to name it by, and its file name.', schema: ImageRef },
        },
        refusals: {
          400: 'No file in the field `file`, an empty file, or an image that cannot be read.',
          413: 'The file is larger than 10 MB, or the image has too many pixels.',
          415: 'The file is not an image of an accepted format, or not sent as multipart/form-data.',
        },
      }),
      uploadLimit,
      async (c) => {
        const file = await readUploadedFile(c);
        const image = await images.save(new Uint8Array(await file.arrayBuffer()), file.name);
        noteForAudit(c, { target: image.imageId });
        return c.json(image, 201);
      },
    )
    .get(
      '/image/:imageId',
      op({
        tag: 'Files',
        summary: 'An image',
        description:
          'The image as stored, or with `w` a WebP rendition of it. An image the site no longer shows is not served.',
        query: ImageQuery,
        answers: {
          200: { description: 'The image.', media: IMAGE_MEDIA, headers: IMAGE_HEADERS },
          304: {
            description: 'The image has not changed since the ETag sent as `If-None-Match`: no body.',
            media: null,
          },
        },
        refusals: {
          400: `The width (w) is not one of ${WIDTHS_TEXT}.`,
          404: 'There is no such image, or the site no longer shows it.',
        },
      }),
      async (c) => {
        const imageId = pathParam(c, 'imageId', IMAGE_ID_PATTERN, NO_SUCH_IMAGE);
        const width = renditionWidth(c.req.query('w'));
        // Kept for the history, but not on the site now: not served until a restore uses it again.
        if (await history?.retired(imagesOf, stores.content.data, imageId)) throw new HttpError(404, NO_SUCH_IMAGE);
        const image = width ? await images.rendition(imageId, width) : await images.original(imageId);
        if (!image) throw new HttpError(404, NO_SUCH_IMAGE);
        return serve(c, image);
      },
    );
}

/** `?w=`: absent for the stored image, else one of the rendition widths (400 otherwise). */
function renditionWidth(w: string | undefined): RenditionWidth | null {
  if (w === undefined) return null;
  const width = RENDITION_WIDTHS.find((allowed) => String(allowed) === w);
  if (!width) throw new HttpError(400, `The width (w) must be one of ${WIDTHS_TEXT}`);
  return width;
}

function serve(c: Context, image: ServedImage): Response {
  const headers = {
    ETag: image.etag,
    'Cache-Control': 'public, max-age=31536000, immutable',
  };
  if (etagMatches(c.req.header('if-none-match'), image.etag)) return c.body(null, 304, headers);
  return c.body(new Uint8Array(image.body), 200, { ...headers, 'Content-Type': image.type });
}
