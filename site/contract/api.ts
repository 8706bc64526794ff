/**
 * The answers of the API that are not documents of their own: what the server sends and the
 * dashboard reads. Request bodies and stored documents are the zod schemas beside this file.
 */

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
}

/** GET /api/admin/session */
export interface AdminSession {
  username: string;
  usesDefaultPassword: boolean;
}

/** POST /api/admin/login */
export interface LoginAnswer extends AdminSession {
  token: string;
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

/** POST /api/documents */
export interface UploadedDocument {
  documentId: string;
  originalName: string;
  /** In bytes. */
  size: number;
}
