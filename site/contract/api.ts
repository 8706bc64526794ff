/**
 * The answers of the API that are not documents of their own: what the server sends and the
 * dashboard reads. Each is a zod schema, so the OpenAPI document (admin-api/openapi/) describes
 * the same shapes the types here give the code. Request bodies and stored documents are the
 * schemas beside this file.
 */
import * as z from 'zod';
import { Finding } from './accessibility.ts';
import { RoleField } from './roles.ts';

/** Every refusal and every error: a sentence for the person, and sometimes more fields. */
export const ErrorAnswer = z
  .looseObject({ message: z.string().meta({ description: 'What went wrong, in a sentence for a person.' }) })
  .meta({ id: 'Error' });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

export const BUILD_STATES = ['idle', 'running', 'ok', 'failed'] as const;
export type BuildState = (typeof BUILD_STATES)[number];

/** Counts of the last successful sync of the public site to the bucket. */
export const BucketSyncCounts = z.object({
  /** Files of the site. */
  objects: z.number().int(),
  bytes: z.number().int(),
  uploadedObjects: z.number().int(),
  uploadedBytes: z.number().int(),
  deletedObjects: z.number().int(),
  durationMs: z.number(),
});
export type BucketSyncCounts = z.infer<typeof BucketSyncCounts>;

/** How the last sync of the public site to the bucket went. */
export const BucketStatus = z.object({
  /** `retrying`: the last sync failed and is tried again; `failed`: it kept failing. */
  state: z.enum(['ok', 'retrying', 'failed']),
  error: z.string().optional(),
  /** When the state was reached; null before the first sync ended. */
  at: z.string().nullable(),
  /** True while a sync runs or waits. */
  syncing: z.boolean(),
  lastSync: BucketSyncCounts.nullable(),
});
export type BucketStatus = z.infer<typeof BucketStatus>;

/** How the last run of the site search's indexing went (admin-api/publish/search-indexer.ts). */
export const SearchStatus = z.object({
  /** `failed`: the last run failed; the index before it is still served. */
  state: z.enum(['ok', 'failed']),
  error: z.string().optional(),
  /** When the state was reached; null before the first run ended. */
  at: z.string().nullable(),
  /** True while a run goes on or waits. */
  indexing: z.boolean(),
  lastRun: z
    .object({
      pages: z.number().int(),
      records: z.number().int(),
      documents: z.number().int(),
      durationMs: z.number(),
      /**
       * The languages indexed anew (lower case); the others were unchanged since the run before.
       * Absent from a run recorded by a version before this one.
       */
      indexed: z.array(z.string()).optional(),
    })
    .nullable(),
});
export type SearchStatus = z.infer<typeof SearchStatus>;

/** GET /api/admin/build-status */
export const BuildStatus = z.object({
  /** The state of the newest build: running while one runs, otherwise how the last one ended. */
  state: z.enum(BUILD_STATES),
  /** True when the public site shows the latest content and no build runs or waits. */
  live: z.boolean(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** Why the last build failed; the previous site stays in place. */
  error: z.string().nullable(),
  /** Builds started since the server started. */
  buildCount: z.number().int(),
  /** Publishing to the S3 bucket (PUBLISH_S3_BUCKET); absent when there is none. */
  bucket: BucketStatus.optional(),
  /** The site search's index, made after each build is live. */
  search: SearchStatus.optional(),
});
export type BuildStatus = z.infer<typeof BuildStatus>;

/** GET /api/admin/session */
export const AdminSession = z.object({
  username: z.string(),
  /** What the account may do (site/contract/roles.ts). */
  role: RoleField,
  usesDefaultPassword: z.boolean(),
  /** Whether logging in asks for a code of an authenticator app. */
  twoFactor: z.boolean(),
});
export type AdminSession = z.infer<typeof AdminSession>;

/** POST /api/admin/login */
export const LoginAnswer = AdminSession.omit({ twoFactor: true }).extend({
  /** Sent back as `Authorization: Bearer <token>`; valid for 24 hours. */
  token: z.string(),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** Answers that only say what happened (alumni registration, account creation). */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** POST /api/admin/create: the account made, with the role it got (the first one: Administrator). */
export const AccountCreated = MessageAnswer.extend({ username: z.string(), role: RoleField });
export type AccountCreated = z.infer<typeof AccountCreated>;

/** PUT /api/admin/password: a new token, since the change ends every earlier one. */
export const PasswordChanged = MessageAnswer.extend({ token: z.string() });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/**
 * POST /api/admin/login, 401: the password was right (or not: the message does not say), and
 * the account asks for the code of its authenticator app. Sent again with a wrong code.
 */
export const TwoFactorRequired = MessageAnswer.extend({ twoFactorRequired: z.literal(true) });
export type TwoFactorRequired = z.infer<typeof TwoFactorRequired>;

/** One entry of GET /api/admin/accounts: nothing about the password or the two-factor secret. */
export const AccountSummary = z.object({
  username: z.string(),
  role: RoleField,
  createdAt: z.string(),
  /** When the account last logged in; null until its first login. */
  lastLoginAt: z.string().nullable(),
  /** Whether logging in asks for a code of an authenticator app. */
  twoFactor: z.boolean(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** POST /api/admin/2fa/setup: the only answer that ever holds the secret. */
export const TwoFactorSetup = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, shown as a QR code to scan. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** One entry of GET /api/admin/audit (newest first). */
export const AuditEntry = z.object({
  /** ISO date-time. */
  at: z.string(),
  /** Who: the administrator, the name tried at a failed login, or `system` / `cli`. */
  username: z.string(),
  /** What, as `<thing>.<verb>`: `event.create`, `news.delete`, `account.delete`, `login.failed`… */
  action: z.string(),
  /** Which: the id, role or username concerned; empty when the action names it (`content.update`). */
  target: z.string(),
  /** The client's address, or `system` / `cli`. */
  address: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /api/admin/audit?limit=: entries answered when no limit is given, and at most. */
export const AUDIT_LIMITS = { default: 100, max: 1000 } as const;

/** GET /api/admin/audit */
export const AuditQuery = z.object({
  limit: z
    .int()
    .min(1)
    .max(AUDIT_LIMITS.max)
    .optional()
    .meta({ description: `How many entries, newest first (${AUDIT_LIMITS.default} when not said).` }),
  kind: z
    .literal('personal-data')
    .optional()
    .meta({ description: 'Only the looks at personal data (the inbox read, an export, a search…).' }),
});

/** GET /api/admin/preview-link/{kind}/{id}: the preview's address, with a token for it alone. */
export const PreviewLink = z.object({
  /** `/api/admin/preview/{kind}/{id}?t=…`, valid for ten minutes. */
  url: z.string(),
});
export type PreviewLink = z.infer<typeof PreviewLink>;

/** GET /api/admin/preview/{kind}/{id}: `?t=` the token of a preview link, instead of `Authorization`. */
export const PreviewQuery = z.object({
  t: z.string().optional().meta({ description: 'The token of GET /api/admin/preview-link/{kind}/{id}.' }),
});

/** POST /api/documents */
export const UploadedDocument = z.object({
  documentId: z.string(),
  originalName: z.string(),
  /** In bytes. */
  size: z.number().int(),
  findings: z.array(Finding).meta({
    description:
      'What keeps the PDF from people who use a screen reader (no tags, title, language or text); none when it is accessible.',
  }),
});
export type UploadedDocument = z.infer<typeof UploadedDocument>;
