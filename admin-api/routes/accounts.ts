import { Hono } from 'hono';
import { AccountChange, MAX_USERNAME_LENGTH } from '../../site/contract/admin.ts';
import type { AccountSummary } from '../../site/contract/api.ts';
import { ROLE_NAMES } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import { type AdminEnv, requireRole } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';

const LAST_ADMINISTRATOR = 'The last Administrator must stay one: give another account the Administrator role first.';

/**
 * The accounts (Administrators only): listed with their roles (never with anything about their
 * password or second factor but whether it is on), given another role, and removed. Every call
 * reads the account as it is now (auth/require-admin.ts), so a new role or a removal counts from
 * the account's next call, whatever token it holds. Accounts are added with POST
 * /api/admin/create (routes/admin.ts).
 */
export function accountRoutes({ stores, jwtSecret }: AppDeps) {
  const { admins } = stores;
  const administrators = requireRole(jwtSecret, admins, 'accounts');
  return new Hono<AdminEnv>()
    .get('/admin/accounts', administrators, (c) => c.json(summaries(admins.data.admins)))
    .put('/admin/accounts/:username', administrators, async (c) => {
      const username = c.req.param('username');
      const { role } = await readJson(c, AccountChange);
      const { data, result: account } = await admins.update((draft) => {
        const index = indexNamed(draft.admins, username);
        const account = draft.admins[index]!;
        // Checked in turn with other changes: two Administrators demoting each other at the same
        // moment must not leave the site with none.
        if (account.role === 'administrator' && role !== 'administrator' && administratorCount(draft.admins) === 1) {
          throw new HttpError(409, LAST_ADMINISTRATOR);
        }
        account.role = role;
        return account;
      });
      noteForAudit(c, { target: `${account.username}: ${ROLE_NAMES[role]}` });
      return c.json(summaries(data.admins));
    })
    .delete('/admin/accounts/:username', administrators, async (c) => {
      const username = c.req.param('username');
      const self = c.get('admin');
      const { data } = await admins.update((draft) => {
        // Checked in turn with other removals: two administrators removing each other at the
        // same moment must not leave the site with none.
        if (!draft.admins.some((account) => account._id === self._id)) {
          throw new HttpError(401, 'Please log in again: your account no longer exists.');
        }
        const index = indexNamed(draft.admins, username);
        if (draft.admins[index]!._id === self._id) {
          throw new HttpError(409, 'You cannot remove your own account. Ask another administrator to do it.');
        }
        if (draft.admins[index]!.role === 'administrator' && administratorCount(draft.admins) === 1) {
          throw new HttpError(409, 'The last administrator account cannot be removed');
        }
        draft.admins.splice(index, 1);
      });
      return c.json(summaries(data.admins));
    });
}

function summaries(accounts: readonly AdminAccount[]): AccountSummary[] {
  return accounts.map(({ username, role, createdAt, lastLoginAt, twoFactorSecret }) => ({
    username,
    role,
    createdAt,
    lastLoginAt,
    twoFactor: twoFactorSecret !== null,
  }));
}

/** The index of the account named `username` (whatever its case), or 404. */
function indexNamed(accounts: readonly AdminAccount[], username: string): number {
  const wanted = username.toLowerCase();
  const index =
    username.length <= MAX_USERNAME_LENGTH
      ? accounts.findIndex((account) => account.username.toLowerCase() === wanted)
      : -1;
  if (index === -1) throw new HttpError(404, `There is no administrator named "${username}"`);
  return index;
}

const administratorCount = (accounts: readonly AdminAccount[]) =>
  accounts.filter((account) => account.role === 'administrator').length;
