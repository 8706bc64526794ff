import { type Context, Hono } from 'hono';
import { IMAGE_ID_PATTERN } from '../../site/contract/content.ts';
import { RENDITION_WIDTHS } from '../../site/lib/image-sources.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import { requireRole } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches } from '../http/etag.ts';
import { pathParam } from '../http/path-params.ts';
import { readUploadedFile, uploadLimit } from '../http/upload-body.ts';
import type { RenditionWidth, ServedImage } from '../images/image-store.ts';
import { imagesOf } from '../store/content-references.ts';

const NO_SUCH_IMAGE = 'This image does not exist';
const WIDTHS_TEXT = RENDITION_WIDTHS.join(', ');

/**
 * Uploads (administrators) and the images themselves (everyone). An image id names the same
 * bytes forever, so browsers may keep an image for a year without asking again.
 */
export function imageRoutes({ stores, jwtSecret, images, history }: AppDeps) {
  const allowed = requireRole(jwtSecret, stores.admins, 'drafts');
  return new Hono()
    .post('/upload', allowed, uploadLimit, async (c) => {
      const file = await readUploadedFile(c);
      const image = await images.save(new Uint8Array(await file.arrayBuffer()), file.name);
      noteForAudit(c, { target: image.imageId });
      return c.json(image, 201);
    })
    .get('/image/:imageId', async (c) => {
      const imageId = pathParam(c, 'imageId', IMAGE_ID_PATTERN, NO_SUCH_IMAGE);
      const width = renditionWidth(c.req.query('w'));
      // Kept for the history, but not on the site now: not served until a restore uses it again.
      if (await history?.retired(imagesOf, stores.content.data, imageId)) throw new HttpError(404, NO_SUCH_IMAGE);
      const image = width ? await images.rendition(imageId, width) : await images.original(imageId);
      if (!image) throw new HttpError(404, NO_SUCH_IMAGE);
      return serve(c, image);
    });
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
