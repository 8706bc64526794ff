/** The administrator's credentials: the fixed default, and what a new password must be. */
import * as z from 'zod';

/** The fixed default administrator (decisions: shown on /admin, created by the setup button). */
export const DEFAULT_ADMIN = { username: 'admin', password: 'admin123' } as const;

export const MIN_PASSWORD_LENGTH = 10;

/** A new password, as the server checks it (PUT /api/admin/password) and the dashboard too. */
export const NewPassword = z
  .string({ error: 'Enter a new password' })
  .min(MIN_PASSWORD_LENGTH, `The new password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'The new password must be at most 200 characters')
  .refine((password) => password !== DEFAULT_ADMIN.password, 'Choose a password other than the default one');

/** Why a new password cannot be used, or null when it can. */
export function newPasswordProblem(password: string, repeated: string): string | null {
  const checked = NewPassword.safeParse(password);
  if (!checked.success) return checked.error.issues[0]?.message ?? 'This password cannot be used';
  if (password !== repeated) return 'The two passwords do not match';
  return null;
}
