import { Hono } from 'hono';
import * as z from 'zod';
import { AccountChange, MAX_USERNAME_LENGTH } from '../../site/contract/admin.ts';
import { AccountSummary } from '../../site/contract/api.ts';
import { ROLE_NAMES } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { operations } from '../openapi/operation.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';

const LAST_ADMINISTRATOR = 'The last Administrator must stay one: give another account the Administrator role first.';

/**
 * The accounts (Administrators only): listed with their roles (never with anything about their
 * password or second factor but whether it is on), given another role, and removed. Every call
 * reads the account as it is now (auth/require-admin.ts), so a new role or a removal counts from
 * the account's next call, whatever token it holds. Accounts are added with POST
 * /api/admin/create (routes/admin.ts).
 */
export function accountRoutes(deps: AppDeps) {
  const { admins } = deps.stores;
  const op = operations(deps);
  const accounts = { description: 'Every account, in the order they were created.', schema: z.array(AccountSummary) };
  const unknown = { 404: 'There is no account of that username (whatever its case).' };
  return new Hono<AdminEnv>()
    .get(
      '/admin/accounts',
      op({
        tag: 'Accounts',
        summary: 'The accounts',
        description: 'Each with its role, when it last logged in, and whether two-factor login is on.',
        permission: 'accounts',
        answers: { 200: accounts },
      }),
      (c) => c.json(summaries(admins.data.admins)),
    )
    .put(
      '/admin/accounts/:username',
      op({
        tag: 'Accounts',
        summary: "Change an account's role",
        description: 'The new role counts from the account’s next call, whatever token it holds.',
        permission: 'accounts',
        body: AccountChange,
        example: { role: 'office' },
        answers: { 200: accounts },
        refusals: { ...unknown, 409: 'The account is the last Administrator: another must be one first.' },
      }),
      async (c) => {
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
      },
    )
    .delete(
      '/admin/accounts/:username',
      op({
        tag: 'Accounts',
        summary: 'Remove an account',
        description: 'Its tokens stop working at once.',
        permission: 'accounts',
        answers: { 200: { ...accounts, description: 'The accounts left.' } },
        refusals: {
          ...unknown,
          409: 'The account is the caller’s own, or the last Administrator.',
        },
      }),
      async (c) => {
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
      },
    );
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
