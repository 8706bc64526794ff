/** The administrator's credentials: the fixed default, what a new account and password must be. */
import * as z from 'zod';
import { RoleField } from './roles.ts';

/** The fixed default administrator (decisions: shown on /admin, created by the setup button). */
export const DEFAULT_ADMIN = { username: 'admin', password: 'admin123' } as const;

export const MIN_PASSWORD_LENGTH = 10;
/** The spec's rule for a new account's password (the setup button's `admin123` among them). */
export const MIN_ACCOUNT_PASSWORD_LENGTH = 8;
export const MAX_USERNAME_LENGTH = 100;

const CREDENTIALS_REQUIRED = 'Username and password are required';

/** POST /api/admin/login: the credentials, and the two-factor code once the server asks for it. */
export const Credentials = z.object({
  username: z
    .string({ error: CREDENTIALS_REQUIRED })
    .max(MAX_USERNAME_LENGTH, `The username must be at most ${MAX_USERNAME_LENGTH} characters`)
    .trim()
    .min(1, CREDENTIALS_REQUIRED),
  password: z
    .string({ error: CREDENTIALS_REQUIRED })
    .min(1, CREDENTIALS_REQUIRED)
    .max(200, 'The password must be at most 200 characters'),
});

/**
 * POST /api/admin/create: the setup button's account (an Administrator), or one an Administrator
 * adds, with its role (an Editor when not said).
 */
export const NewAccount = Credentials.extend({
  password: Credentials.shape.password.min(
    MIN_ACCOUNT_PASSWORD_LENGTH,
    `The password must be at least ${MIN_ACCOUNT_PASSWORD_LENGTH} characters`,
  ),
  role: RoleField.optional(),
});

/** PUT /api/admin/accounts/{username} */
export const AccountChange = z.object({ role: RoleField });
export type NewAccount = z.infer<typeof NewAccount>;

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

export const CODE_FORMAT = 'Enter the 6-digit code from your authenticator app';

/** A code of an authenticator app: six digits, spaces (as some apps show it, "123 456") ignored. */
export const TwoFactorCode = z
  .string({ error: CODE_FORMAT })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_FORMAT));

/** POST /api/admin/2fa/enable and /disable. */
export const TwoFactorConfirmation = z.object({ code: TwoFactorCode });

/** POST /api/admin/login with an optional code (the second step of a two-factor login). */
export const LoginRequest = Credentials.extend({ code: TwoFactorCode.optional() });
