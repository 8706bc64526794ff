import { Hono } from 'hono';
import { SiteContent } from '../../site/contract/content.ts';
import { HistoryList } from '../../site/contract/history.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { describeChange } from '../history/actor.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches } from '../http/etag.ts';
import { operations } from '../openapi/operation.ts';
import { contentEtag, contentWriter, keptRetention } from '../workflow/content-writer.ts';
import { contentAnswer } from './content.ts';

const NO_SUCH_VERSION = 'There is no such version in the history';
export const CHANGED_SINCE =
  'The content has changed since (in another tab or by another administrator), so nothing was restored. Choose the version to restore in History.';

/** The kept versions of the content: list, read one, restore one (itself a new version). */
export function historyRoutes(deps: AppDeps) {
  const { stores, history } = deps;
  const op = operations(deps);
  const notKept = 'The history is not kept by this server.';
  const noSuchVersion = { 404: 'There is no such version in the history, or the history is not kept by this server.' };
  const write = contentWriter(deps);
  const kept = () => {
    if (!history) throw new HttpError(404, 'The history is not kept here');
    return history;
  };
  const versionOf = (value: string) => {
    const version = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(version)) throw new HttpError(404, NO_SUCH_VERSION);
    return version;
  };
  return new Hono<AdminEnv>()
    .get(
      '/admin/history',
      op({
        tag: 'History',
        summary: 'The kept versions of the content',
        description: 'Every change of the content is kept as a version: who made it, when, and what it changed.',
        permission: 'history',
        answers: { 200: { description: 'The versions, newest first.', schema: HistoryList } },
        refusals: { 404: notKept },
      }),
      async (c) => {
        const h = kept();
        await h.settled();
        return c.json(h.list());
      },
    )
    .get(
      '/admin/history/:version',
      op({
        tag: 'History',
        summary: 'One kept version of the content',
        description: 'The whole content as it was after that change, as GET /api/content answers it.',
        permission: 'history',
        answers: { 200: { description: 'The content of that version.', schema: SiteContent } },
        refusals: noSuchVersion,
      }),
      async (c) => {
        const content = await kept().content(versionOf(c.req.param('version')));
        if (!content) throw new HttpError(404, NO_SUCH_VERSION);
        return c.json(content);
      },
    )
    .post(
      '/admin/history/:version/restore',
      op({
        tag: 'History',
        summary: 'Restore a kept version',
        description:
          'The content becomes that version’s again, itself kept as a new version. How long personal data is kept stays as it is, unless an Administrator restores. ' +
          'With `If-Match` (the ETag of an answer), only if the content has not changed since.',
        permission: 'history',
        answers: {
          200: {
            description: 'The content as restored.',
            schema: SiteContent,
            headers: { ETag: 'The version of the content: send it back as `If-Match` with a change.' },
          },
        },
        refusals: {
          ...noSuchVersion,
          400: 'The version names an image or a document that is no longer stored.',
          412: 'The content changed since the `If-Match` sent: nothing was restored.',
        },
      }),
      async (c) => {
        const h = kept();
        const version = versionOf(c.req.param('version'));
        const content = await h.content(version);
        if (!content) throw new HttpError(404, NO_SUCH_VERSION);
        describeChange(`Restored version ${version}`);
        // With If-Match (Undo sends the ETag its delete was answered with): only if nothing changed since.
        const ifMatch = c.req.header('if-match');
        const restored = await write((draft) => {
          if (ifMatch && !etagMatches(ifMatch, contentEtag(stores, stores.content.data))) {
            throw new HttpError(412, CHANGED_SINCE);
          }
          for (const key of Object.keys(draft)) delete (draft as Record<string, unknown>)[key];
          Object.assign(draft, content);
          draft.retention = keptRetention(c.get('admin').role, content.retention, stores.content.data);
        });
        await h.settled();
        return contentAnswer(c, stores, restored);
      },
    );
}
