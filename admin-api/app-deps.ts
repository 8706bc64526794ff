import type { MiddlewareHandler } from 'hono';
import type { BuildStatus } from '../site/contract/api.ts';
import type { SiteContent } from '../site/contract/content.ts';
import type { AuditLog } from './audit/audit-log.ts';
import type { DocumentStore } from './documents/document-store.ts';
import type { ContentHistory } from './history/content-history.ts';
import type { ImageStore } from './images/image-store.ts';
import type { Notifier } from './mail/notifier.ts';
import type { RenderedPage } from './publish/page-renderer.ts';
import type { Stores } from './store/stores.ts';
import type { MailLog } from './subscriptions/mail-log.ts';

/** What the HTTP layer needs; server.ts opens the real ones, tests may pass their own. */
export interface AppDeps {
  stores: Stores;
  jwtSecret: string;
  publisher: {
    readonly status: BuildStatus;
    /** The page at `path` rendered from `content`, written nowhere (a draft's preview). */
    preview?(content: SiteContent, path: string): Promise<RenderedPage | null>;
  };
  images: ImageStore;
  documents: DocumentStore;
  /** E-mails the office about new contact messages and registrations, and the subscribers (or does nothing). */
  notifier: Notifier;
  /** The site's public address (SITE_URL), which the links in subscribers' e-mails lead to. */
  siteUrl?: string;
  /** What became of the messages sent to subscribers (absent: not kept, e.g. in the page renderer). */
  mailLog?: MailLog;
  /** Notifications: the VAPID public key and the push services besides the browsers' (absent: none). */
  push?: { publicKey: string; endpointHosts: readonly string[] };
  trustProxy: boolean;
  /** Who changed what, and every login. */
  audit: AuditLog;
  /** CORS for the public pages' origin when they call the API from elsewhere (http/public-cors.ts). */
  cors?: MiddlewareHandler | null;
  /** Earlier versions of the content (absent: none kept, e.g. in the page renderer). */
  history?: ContentHistory;
  /** The folders GET /api/admin/backup archives (absent: no backups from this app). */
  backupFolders?: { dataDir: string; uploadsDir: string };
}
