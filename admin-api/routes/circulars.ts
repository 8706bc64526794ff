import { Hono } from 'hono';
import { circularInput, newestCircularsFirst } from '../../site/contract/content.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import type { AppDeps } from '../app-deps.ts';
import { permissions } from '../auth/require-admin.ts';
import { contentList, contentWriter } from '../store/content-writer.ts';
import { publicView } from '../store/public-view.ts';
import { listRoutes } from './list-routes.ts';

/**
 * Circulars: a list of the site content like news, each with a PDF document or none. Anyone may
 * read the published ones, newest first; every write answers the list in that order.
 */
export function circularRoutes(deps: AppDeps) {
  const timeZone = () => deps.stores.content.data.settings.timeZone;
  return new Hono().route(
    '/circulars',
    listRoutes({
      list: contentList(deps, contentWriter(deps), 'circulars'),
      allow: permissions(deps)('drafts'),
      gone: 'This circular no longer exists',
      publication: { noun: 'this circular', timeZone },
      // A date-time is stored as the school's calendar day, in its time zone.
      input: () => circularInput(timeZone()),
      create: (input, _id) => ({ _id, ...input, ...PUBLISHED_NOW }),
      update: (input, { _id }) => ({ _id, ...input, ...PUBLISHED_NOW }),
      publicList: () => newestCircularsFirst(publicView(deps.stores).circulars),
      answer: newestCircularsFirst,
    }),
  );
}
