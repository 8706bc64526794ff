import type { Context } from 'hono';
import { clientAddress } from './client-address.ts';
import { HttpError } from './errors.ts';
import { minutesText, type SlidingWindow } from './sliding-window.ts';

/**
 * Counts one more send of a public form from the request's connection in `window`, or refuses it
 * (429, with `Retry-After`) once `limit` are in it: "Too many `what` from this connection…".
 */
export function countFromConnection(
  c: Context,
  window: SlidingWindow,
  { limit, trustProxy, what }: { limit: number; trustProxy: boolean; what: string },
): void {
  const address = clientAddress(c, trustProxy);
  const wait = window.waitFor(address, limit);
  if (wait > 0) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    throw new HttpError(429, `Too many ${what} from this connection. Please try again in ${minutesText(wait)}.`);
  }
  window.record(address);
}
