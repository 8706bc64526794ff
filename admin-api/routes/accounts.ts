import { Hono } from 'hono';
import { MAX_USERNAME_LENGTH } from '../../site/contract/admin.ts';
import type { AccountSummary } from '../../site/contract/api.ts';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, requireAdmin } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';

/**
 * The administrator accounts: listed (never with anything about their password or second
 * factor but whether it is on) and removed. A removed account's tokens stop working with its
 * next call, since every call looks the account up (auth/require-admin.ts). Accounts are added
 * with POST /api/admin/create (routes/admin.ts).
 */
export function accountRoutes({ stores, jwtSecret }: AppDeps) {
  const { admins } = stores;
  const adminOnly = requireAdmin(jwtSecret, admins);
  return new Hono<AdminEnv>()
    .get('/admin/accounts', adminOnly, (c) => c.json(summaries(admins.data.admins)))
    .delete('/admin/accounts/:username', adminOnly, async (c) => {
      const username = c.req.param('username');
      const self = c.get('admin');
      const { data } = await admins.update((draft) => {
        // Checked in turn with other removals: two administrators removing each other at the
        // same moment must not leave the site with none.
        if (!draft.admins.some((account) => account._id === self._id)) {
          throw new HttpError(401, 'Please log in again: your account no longer exists.');
        }
        const index = username.length <= MAX_USERNAME_LENGTH ? indexNamed(draft.admins, username) : -1;
        if (index === -1) throw new HttpError(404, `There is no administrator named "${username}"`);
        if (draft.admins[index]!._id === self._id) {
          throw new HttpError(409, 'You cannot remove your own account. Ask another administrator to do it.');
        }
        if (draft.admins.length === 1) throw new HttpError(409, 'The last administrator account cannot be removed');
        draft.admins.splice(index, 1);
      });
      return c.json(summaries(data.admins));
    });
}

function summaries(accounts: readonly AdminAccount[]): AccountSummary[] {
  return accounts.map(({ username, createdAt, lastLoginAt, twoFactorSecret }) => ({
    username,
    createdAt,
    lastLoginAt,
    twoFactor: twoFactorSecret !== null,
  }));
}

const indexNamed = (accounts: readonly AdminAccount[], username: string) =>
  accounts.findIndex((account) => account.username.toLowerCase() === username.toLowerCase());
