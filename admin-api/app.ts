import { Hono } from 'hono';
import type { AppDeps } from './app-deps.ts';
import { recordChanges } from './audit/record-changes.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import { trackActor } from './history/actor.ts';
import { limitBody } from './http/body-limit.ts';
import { compressJson } from './http/compress-json.ts';
import { errorAnswer, HttpError } from './http/errors.ts';
import { apiSecurityHeaders } from './http/security-headers.ts';
import { accessibilityRoutes } from './routes/accessibility.ts';
import { accountRoutes } from './routes/accounts.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminListRoutes } from './routes/admin-lists.ts';
import { alertRoutes } from './routes/alerts.ts';
import { alumniRoutes } from './routes/alumni.ts';
import { appIconRoutes } from './routes/app-icons.ts';
import { auditRoutes } from './routes/audit.ts';
import { backupRoutes } from './routes/backup.ts';
import { circularRoutes } from './routes/circulars.ts';
import { contactRoutes } from './routes/contact.ts';
import { contentRoutes } from './routes/content.ts';
import { contentListRoutes } from './routes/content-lists.ts';
import { documentRoutes } from './routes/documents.ts';
import { exportRoutes } from './routes/exports.ts';
import { historyRoutes } from './routes/history.ts';
import { imageRoutes } from './routes/images.ts';
import { leadershipRoutes } from './routes/leadership.ts';
import { mediaRoutes } from './routes/media.ts';
import { pageRoutes } from './routes/pages.ts';
import { personalDataRoutes } from './routes/personal-data.ts';
import { presenceRoutes } from './routes/presence.ts';
import { previewRoutes } from './routes/preview.ts';
import { pushRoutes } from './routes/push.ts';
import { referenceRoutes } from './routes/reference.ts';
import { settingsRoutes } from './routes/settings.ts';
import { staticUploadRoutes } from './routes/static-uploads.ts';
import { subscriberRoutes } from './routes/subscribers.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { translationRoutes } from './routes/translations.ts';
import { twoFactorRoutes } from './routes/two-factor.ts';
import { InvalidDocumentError } from './store/json-document.ts';

const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The `/api` of the product. No I/O happens here. The built site is served in front of it, from
 * memory, by `publish/site-listener.ts`.
 */
export function createApp(deps: AppDeps): Hono {
  // Wrong passwords and wrong two-factor codes count together, wherever they are sent.
  const loginThrottle = new LoginThrottle();
  const api = new Hono()
    // Around every call: each successful write by an administrator goes into the audit log.
    .use(recordChanges(deps))
    // Content changes made during a call are kept in the history under its administrator's name.
    .use(trackActor)
    // Hono runs handlers in the order they are added: the uploads (10 MB images, 20 MB documents)
    // and the whole content document come first with limits of their own; every other body is
    // limited to 1 MB.
    .route('/', imageRoutes(deps))
    .route('/', documentRoutes(deps))
    .route('/', mediaRoutes(deps))
    .route('/', accessibilityRoutes(deps))
    .route('/', contentRoutes(deps))
    .use(limitBody(JSON_BODY_LIMIT, 'The request is too large'))
    .route('/', contentListRoutes(deps))
    .route('/', adminListRoutes(deps))
    .route('/', leadershipRoutes(deps))
    .route('/', settingsRoutes(deps))
    .route('/', pageRoutes(deps))
    .route('/', alumniRoutes(deps))
    .route('/', circularRoutes(deps))
    .route('/', alertRoutes(deps))
    .route('/', contactRoutes(deps))
    .route('/', subscriptionRoutes(deps))
    .route('/', subscriberRoutes(deps))
    .route('/', pushRoutes(deps))
    .route('/', exportRoutes(deps))
    .route('/', adminRoutes(deps, loginThrottle))
    .route('/', accountRoutes(deps))
    .route('/', twoFactorRoutes(deps, loginThrottle))
    .route('/', auditRoutes(deps))
    .route('/', historyRoutes(deps))
    .route('/', translationRoutes(deps))
    .route('/', previewRoutes(deps))
    .route('/', presenceRoutes(deps))
    .route('/', personalDataRoutes(deps))
    .route('/', backupRoutes(deps))
    .route(
      '/',
      referenceRoutes(deps, () => app),
    )
    .all('*', () => {
      throw new HttpError(404, 'There is no such API call');
    });

  const app: Hono = new Hono()
    .use('/api/*', deps.cors ?? ((_c, next) => next()))
    .use('/api/*', compressJson())
    .use(apiSecurityHeaders)
    .onError((error, c) => errorAnswer(asHttpError(error), c))
    .route('/api', api)
    .route('/', staticUploadRoutes(deps))
    .route('/', appIconRoutes(deps))
    .all('*', () => {
      throw new HttpError(404, 'Not found');
    });
  return app;
}

/** A change the store refused as invalid is the request's mistake: 400 with the store's message. */
function asHttpError(error: Error): Error {
  return error instanceof InvalidDocumentError ? new HttpError(400, error.message) : error;
}
