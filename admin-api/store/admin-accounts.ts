import * as z from 'zod';
import { RoleField } from '../../site/contract/roles.ts';

export const AdminAccount = z.object({
  _id: z.string(),
  username: z.string().min(1).max(100),
  passwordHash: z.string().min(1),
  createdAt: z.iso.datetime(),
  /** Tokens issued before this moment are no longer accepted. */
  passwordChangedAt: z.iso.datetime(),
  // Fields added since the first accounts were written: older documents get the defaults.
  /** What the account may do (site/contract/roles.ts); accounts made before roles administer. */
  role: RoleField.default('administrator'),
  lastLoginAt: z.iso.datetime().nullable().default(null),
  /** The TOTP secret (base32) while two-factor login is on, else null. */
  twoFactorSecret: z.string().min(1).nullable().default(null),
  /** A secret handed out by the setup, waiting for a first valid code to become `twoFactorSecret`. */
  pendingTwoFactorSecret: z.string().min(1).nullable().default(null),
  /** The time step of the last code accepted: a code is never accepted twice. */
  lastCodeStep: z.number().int().nullable().default(null),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

/** `DATA_DIR/admins.json`: the administrator accounts. Never part of any public answer. */
export const AdminAccounts = z.object({ admins: z.array(AdminAccount).default([]) });
export type AdminAccounts = z.infer<typeof AdminAccounts>;

/** A new account, as the create call stores it. */
export function newAccount(
  fields: Pick<AdminAccount, '_id' | 'username' | 'passwordHash' | 'role'>,
  now: string,
): AdminAccount {
  return {
    ...fields,
    createdAt: now,
    passwordChangedAt: now,
    lastLoginAt: null,
    twoFactorSecret: null,
    pendingTwoFactorSecret: null,
    lastCodeStep: null,
  };
}

/** The account named `username` (names are unique whatever their case). */
export function accountNamed(accounts: readonly AdminAccount[], username: string): AdminAccount | undefined {
  const wanted = username.toLowerCase();
  return accounts.find((account) => account.username.toLowerCase() === wanted);
}
