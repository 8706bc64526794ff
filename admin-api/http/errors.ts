import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An answer to refuse a request with: JSON `{ message }` (and `details`, if any) and a 4xx status. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly details: Record<string, unknown>;
  constructor(status: ContentfulStatusCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

/** Turns any error thrown by a route into JSON `{ message }`; unexpected ones are logged. */
export function errorAnswer(error: Error, c: Context): Response {
  if (error instanceof HttpError) return c.json({ message: error.message, ...error.details }, error.status);
  if (error instanceof HTTPException) {
    const message = error.status === 413 ? 'The request is too large' : error.message;
    return c.json({ message: message || 'Bad request' }, error.status);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ message: 'Something went wrong on the server. Please try again.' }, 500);
}
