/**
 * The answers of the API that are not documents of their own: what the server sends and the
 * dashboard reads. Request bodies and stored documents are the zod schemas beside this file.
 */
import type { Role } from './roles.ts';

export type BuildState = 'idle' | 'running' | 'ok' | 'failed';

/** GET /api/admin/build-status */
export interface BuildStatus {
  /** The state of the newest build: running while one runs, otherwise how the last one ended. */
  state: BuildState;
  /** True when the public site shows the latest content and no build runs or waits. */
  live: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** Why the last build failed; the previous site stays in place. */
  error: string | null;
  /** Builds started since the server started. */
  buildCount: number;
  /** Publishing to the S3 bucket (PUBLISH_S3_BUCKET); absent when there is none. */
  bucket?: BucketStatus;
}

/** How the last sync of the public site to the bucket went. */
export interface BucketStatus {
  /** `retrying`: the last sync failed and is tried again; `failed`: it kept failing. */
  state: 'ok' | 'retrying' | 'failed';
  error?: string;
  /** When the state was reached; null before the first sync ended. */
  at: string | null;
  /** True while a sync runs or waits. */
  syncing: boolean;
  /** Counts of the last successful sync. */
  lastSync: BucketSyncCounts | null;
}

export interface BucketSyncCounts {
  /** Files of the site. */
  objects: number;
  bytes: number;
  uploadedObjects: number;
  uploadedBytes: number;
  deletedObjects: number;
  durationMs: number;
}

/** POST /api/admin/login */
export interface LoginAnswer {
  token: string;
  username: string;
  /** What the account may do (site/contract/roles.ts). */
  role: Role;
  usesDefaultPassword: boolean;
}

/** GET /api/admin/session */
export interface AdminSession extends Omit<LoginAnswer, 'token'> {
  /** Whether logging in asks for a code of an authenticator app. */
  twoFactor: boolean;
}

/** PUT /api/admin/password */
export interface PasswordChanged {
  message: string;
  token: string;
}

/** Answers that only say what happened (alumni registration, account creation). */
export interface MessageAnswer {
  message: string;
}

/**
 * POST /api/admin/login, 401: the password was right (or not: the message does not say), and
 * the account asks for the code of its authenticator app. Sent again with a wrong code.
 */
export interface TwoFactorRequired {
  message: string;
  twoFactorRequired: true;
}

/** One entry of GET /api/admin/accounts: nothing about the password or the two-factor secret. */
export interface AccountSummary {
  username: string;
  role: Role;
  createdAt: string;
  /** When the account last logged in; null until its first login. */
  lastLoginAt: string | null;
  /** Whether logging in asks for a code of an authenticator app. */
  twoFactor: boolean;
}

/** POST /api/admin/2fa/setup: the only answer that ever holds the secret. */
export interface TwoFactorSetup {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** `otpauth://totp/…`, shown as a QR code to scan. */
  otpauthUrl: string;
}

/** One entry of GET /api/admin/audit (newest first). */
export interface AuditEntry {
  /** ISO date-time. */
  at: string;
  /** Who: the administrator, the name tried at a failed login, or `system` / `cli`. */
  username: string;
  /** What, as `<thing>.<verb>`: `event.create`, `news.delete`, `account.delete`, `login.failed`… */
  action: string;
  /** Which: the id, role or username concerned; empty when the action names it (`content.update`). */
  target: string;
  /** The client's address, or `system` / `cli`. */
  address: string;
}

/** GET /api/admin/audit?limit=: entries answered when no limit is given, and at most. */
export const AUDIT_LIMITS = { default: 100, max: 1000 } as const;

/** POST /api/documents */
export interface UploadedDocument {
  documentId: string;
  originalName: string;
  /** In bytes. */
  size: number;
}
