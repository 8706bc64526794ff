import { Hono } from 'hono';
import { Circular, circularInput, newestCircularsFirst } from '../../site/contract/content.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import type { AppDeps } from '../app-deps.ts';
import { operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentList, contentWriter } from '../workflow/content-writer.ts';
import { CONTENT_ETAG } from './content.ts';
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
      op: operations(deps),
      permission: 'drafts',
      tag: 'Lists',
      words: { one: 'a circular', many: 'the circulars' },
      item: Circular,
      etag: CONTENT_ETAG,
      gone: 'This circular no longer exists',
      publication: { noun: 'this circular', timeZone },
      // A date-time is stored as the school's calendar day, in its time zone.
      input: circularInput,
      example: {
        title: 'Holiday on Independence Day',
        date: '2026-08-10',
        description: 'The school is closed on Saturday 15 August. The flag hoisting is at 8:00.',
        // Or a PDF uploaded first: the `documentId` and `originalName` POST /api/documents answers.
        document: null,
      },
      create: (input, _id) => ({ _id, ...input, ...PUBLISHED_NOW }),
      update: (input, { _id }) => ({ _id, ...input, ...PUBLISHED_NOW }),
      publicList: {
        summary: 'The published circulars',
        description: 'Newest first; of two on the same day, the one added later first.',
        items: () => newestCircularsFirst(publicView(deps.stores).circulars),
        languages: () => deps.stores.content.data.settings.languages,
      },
      answer: { order: 'newest first', items: newestCircularsFirst },
    }),
  );
}
