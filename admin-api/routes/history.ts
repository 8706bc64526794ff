import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, requireRole } from '../auth/require-admin.ts';
import { describeChange } from '../history/actor.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches } from '../http/etag.ts';
import { contentEtag, contentWriter, keptRetention } from '../store/content-writer.ts';
import { contentAnswer } from './content.ts';

const NO_SUCH_VERSION = 'There is no such version in the history';
export const CHANGED_SINCE =
  'The content has changed since (in another tab or by another administrator), so nothing was restored. Choose the version to restore in History.';

/** The kept versions of the content: list, read one, restore one (itself a new version). */
export function historyRoutes(deps: AppDeps) {
  const { stores, jwtSecret, history } = deps;
  const allowed = requireRole(jwtSecret, stores.admins, 'history');
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
    .get('/admin/history', allowed, async (c) => {
      const h = kept();
      await h.settled();
      return c.json(h.list());
    })
    .get('/admin/history/:version', allowed, async (c) => {
      const content = await kept().content(versionOf(c.req.param('version')));
      if (!content) throw new HttpError(404, NO_SUCH_VERSION);
      return c.json(content);
    })
    .post('/admin/history/:version/restore', allowed, async (c) => {
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
    });
}
