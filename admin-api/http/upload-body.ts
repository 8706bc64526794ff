import type { Context } from 'hono';
import { limitBody } from './body-limit.ts';
import { HttpError } from './errors.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = 'The image is larger than 10 MB';

/** Refuses an upload request over 10 MB (plus room for the form's own lines). */
export const uploadLimit = limitBody(MAX_UPLOAD_BYTES + 64 * 1024, UPLOAD_TOO_LARGE);

/** The file sent in the multipart form field `file`. */
export async function readUploadedFile(c: Context): Promise<File> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new HttpError(415, 'Send the image as a form upload (multipart/form-data) in the field "file"');
  }
  const form = await c.req.parseBody().catch(() => {
    throw new HttpError(400, 'The upload could not be read. Please try again.');
  });
  const file = form.file;
  if (!(file instanceof File)) throw new HttpError(400, 'Choose an image to upload (the form field "file")');
  if (file.size > MAX_UPLOAD_BYTES) throw new HttpError(413, UPLOAD_TOO_LARGE);
  if (file.size === 0) throw new HttpError(400, 'The chosen file is empty');
  return file;
}
