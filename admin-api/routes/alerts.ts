import { Hono } from 'hono';
import { Alert, AlertInput } from '../../site/contract/alerts.ts';
import type { AppDeps } from '../app-deps.ts';
import { operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentList, contentWriter } from '../workflow/content-writer.ts';
import { CONTENT_ETAG } from './content.ts';
import { listRoutes } from './list-routes.ts';

/**
 * Urgent notices (site/contract/alerts.ts): a list of the content, so history, backups, stale-save
 * protection and the audit log come with it. A notice is live on every page as soon as it is saved,
 * so only the roles that may publish write them. Anyone may read the ones showing now; the
 * dashboard reads all of them with the content (GET /api/admin/content).
 */
export function alertRoutes(deps: AppDeps) {
  const timeZone = () => deps.stores.content.data.settings.timeZone;
  return new Hono().route(
    '/alerts',
    listRoutes({
      list: contentList(deps, contentWriter(deps), 'alerts'),
      op: operations(deps),
      permission: 'publish',
      tag: 'Lists',
      words: { one: 'an urgent notice', many: 'the urgent notices' },
      item: Alert,
      etag: CONTENT_ETAG,
      gone: 'This notice no longer exists',
      versioned: { noun: 'this notice', timeZone },
      input: AlertInput,
      example: {
        message: 'The school is closed today because of flooding. Updates: https://example.org/closure',
        level: 'emergency',
        endsAt: '2026-11-26T18:00:00Z',
        showOn: 'all',
      },
      create: (input, _id) => ({ _id, ...input }),
      update: (input, { _id }) => ({ _id, ...input }),
      publicList: {
        summary: 'The urgent notices showing now',
        description:
          'Only the notices whose start has come and whose end has not, as every public page shows them (`showOn: "home"`: the home page only). `/alerts.json` beside the pages holds the same for other systems.',
        items: () => publicView(deps.stores).alerts,
      },
    }),
  );
}
