import { Hono } from 'hono';
import * as z from 'zod';
import { Alert, AlertInput, AlertWithState, alertState } from '../../site/contract/alerts.ts';
import { withoutPrivateSchema } from '../../site/contract/publication.ts';
import { may, PERMISSIONS, refusal, rolesText } from '../../site/contract/roles.ts';
import { allInLanguage } from '../../site/contract/translations.ts';
import type { AppDeps } from '../app-deps.ts';
import { authenticate, SIGNED_OUT } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { LanguageQuery, requestedLanguage } from '../http/language-query.ts';
import { operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentList, contentWriter } from '../workflow/content-writer.ts';
import { CONTENT_ETAG } from './content.ts';
import { listRoutes } from './list-routes.ts';

const WRITERS = rolesText(PERMISSIONS.publish.roles);

/**
 * Urgent notices (site/contract/alerts.ts): a list of the content, so history, backups, stale-save
 * protection and the audit log come with it. A notice is live on every page as soon as it is saved,
 * so only the roles that may publish write them. Anyone may read the ones showing now; those roles
 * read all of them, each with its state (GET /api/alerts with their token), as the dashboard
 * lists them (it reads them with the content, GET /api/admin/content).
 */
export function alertRoutes(deps: AppDeps) {
  const { stores, jwtSecret } = deps;
  const op = operations(deps);
  const timeZone = () => stores.content.data.settings.timeZone;
  const list = contentList(deps, contentWriter(deps), 'alerts');
  return new Hono()
    .get(
      '/alerts',
      op({
        tag: 'Lists',
        summary: 'The urgent notices',
        description:
          'Without a token, the notices showing now: those whose start has come and whose end has not, as every public page shows them (`showOn: "home"`: the home page only), without who changed them. `/alerts.json` beside the pages holds the same for other systems. With the token of an account that writes them, every notice, scheduled and ended ones too, as stored, each with its `state` at the time of the answer.',
        access: `Anyone may call it, without a token; a token sent must be an ${WRITERS} account's.`,
        query: LanguageQuery,
        answers: {
          200: {
            description: `Without a token, the notices showing now; with an ${WRITERS} account's, all of them with their state.`,
            schema: z.union([z.array(withoutPrivateSchema(Alert)), z.array(AlertWithState)]),
          },
        },
        refusals: {
          401: 'A token that is not valid, has expired or was ended by a password change.',
          403: `The account's role may not: only ${WRITERS} accounts see every notice.`,
        },
      }),
      (c) => {
        const language = requestedLanguage(c, stores.content.data.settings.languages);
        if (!c.req.header('authorization')) {
          return c.json(allInLanguage(publicView(stores).alerts, language));
        }
        const admin = authenticate(c, jwtSecret, stores.admins);
        if (!admin) throw new HttpError(401, SIGNED_OUT);
        if (!may(admin.role, 'publish')) throw new HttpError(403, refusal('publish'));
        const now = new Date();
        const alerts: AlertWithState[] = allInLanguage(list.items(), language).map((alert) => ({
          ...alert,
          state: alertState(alert, now),
        }));
        return c.json(alerts, 200, { 'Cache-Control': 'no-store' });
      },
    )
    .route(
      '/alerts',
      listRoutes({
        list,
        op,
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
      }),
    );
}
