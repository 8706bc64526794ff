import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HttpError } from './errors.ts';

/** Bodies declared up to this size are read to their end before being refused; larger ones are not. */
const READ_BEFORE_REFUSING = 64 * 1024 * 1024;

/**
 * Refuses a request body over `maxSize` bytes with 413 and `message`. A browser shows an answer
 * only after it has sent its whole request: refused before reading, it reports a broken
 * connection instead of the message. So a body declared too large (Content-Length) is read and
 * thrown away first, unless it is absurdly large. A body sent without a length is counted as it
 * arrives.
 */
export function limitBody(maxSize: number, message: string) {
  const refuse = (): never => {
    throw new HttpError(413, message);
  };
  const counted = bodyLimit({ maxSize, onError: refuse });
  return createMiddleware(async (c, next) => {
    const declared = Number(c.req.header('content-length'));
    if (declared > maxSize) {
      if (declared <= READ_BEFORE_REFUSING) await c.req.raw.body?.pipeTo(new WritableStream()).catch(() => {});
      refuse();
    }
    return counted(c, next);
  });
}
