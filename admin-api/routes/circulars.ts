import { Hono } from 'hono';
import { circularInput, newestCircularsFirst } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { contentList, contentWriter } from '../store/content-writer.ts';
import { listRoutes } from './list-routes.ts';

/**
 * Circulars: a list of the site content like news, each with a PDF document or none. Anyone may
 * read them, newest first; every write answers the list in that order.
 */
export function circularRoutes(deps: AppDeps) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
  return new Hono().route(
    '/circulars',
    listRoutes({
      list: contentList(deps, contentWriter(deps), 'circulars'),
      adminOnly,
      gone: 'This circular no longer exists',
      // A date-time is stored as the school's calendar day, in its time zone.
      input: () => circularInput(deps.stores.content.data.settings.timeZone),
      create: (input, _id) => ({ _id, ...input }),
      update: (input, { _id }) => ({ _id, ...input }),
      publicList: newestCircularsFirst,
      answer: newestCircularsFirst,
    }),
  );
}
