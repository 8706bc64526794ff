import type { Context } from 'hono';
import { limitBody } from './body-limit.ts';
import { HttpError } from './errors.ts';

/** What an upload call accepts, and the words its refusals use. */
export interface UploadRules {
  maxBytes: number;
  tooLarge: string;
  /** "an image", "a PDF document" */
  what: string;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = 'The image is larger than 10 MB';
export const IMAGE_UPLOADS: UploadRules = { maxBytes: MAX_UPLOAD_BYTES, tooLarge: UPLOAD_TOO_LARGE, what: 'an image' };

/** Refuses an upload request over the rules' size (plus room for the form's own lines). */
export const limitUpload = (rules: UploadRules) => limitBody(rules.maxBytes + 64 * 1024, rules.tooLarge);
export const uploadLimit = limitUpload(IMAGE_UPLOADS);

/** The file sent in the multipart form field `file`. */
export async function readUploadedFile(c: Context, rules: UploadRules = IMAGE_UPLOADS): Promise<File> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new HttpError(
      415,
      `Send the ${rules.what.replace(/^an? /, '')} as a form upload (multipart/form-data) in the field "file"`,
    );
  }
  const form = await c.req.parseBody().catch(() => {
    throw new HttpError(400, 'The upload could not be read. Please try again.');
  });
  const file = form.file;
  if (!(file instanceof File)) throw new HttpError(400, `Choose ${rules.what} to upload (the form field "file")`);
  if (file.size > rules.maxBytes) throw new HttpError(413, rules.tooLarge);
  if (file.size === 0) throw new HttpError(400, 'The chosen file is empty');
  return file;
}
