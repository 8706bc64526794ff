import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import { DEFAULT_ADMIN, LoginRequest, NewAccount, NewPassword } from '../../site/contract/admin.ts';
import {
  AccountCreated,
  AdminSession,
  BuildStatus,
  ErrorAnswer,
  LoginAnswer,
  PasswordChanged,
  TwoFactorRequired,
} from '../../site/contract/api.ts';
import { may, refusal } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, passwordMatches, UNKNOWN_USER_HASH } from '../auth/passwords.ts';
import { type AdminEnv, authenticate } from '../auth/require-admin.ts';
import { signToken } from '../auth/tokens.ts';
import { checkCode, isFreshStep } from '../auth/two-factor.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { minutesText } from '../http/sliding-window.ts';
import { operations } from '../openapi/operation.ts';
import { type AdminAccount, accountNamed, newAccount } from '../store/admin-accounts.ts';
import { KeyedQueue } from '../store/keyed-queue.ts';

const PasswordChange = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password'),
  newPassword: NewPassword,
});

const INVALID_LOGIN = 'Invalid username or password';
const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
const WRONG_CODE = 'The code is not correct. Enter the current code from your authenticator app.';
const REUSED_CODE = 'This code was used already. Wait for the next code in your authenticator app.';

/** Setup, login (with its second step when two-factor login is on), password change, publishing status. */
export function adminRoutes(deps: AppDeps, throttle: LoginThrottle) {
  const { stores, jwtSecret, publisher, trustProxy, audit } = deps;
  const { admins } = stores;
  const op = operations(deps);
  // Attempts from one address are checked one after another: guesses sent side by side would
  // otherwise all pass the count before the first of them was found wrong.
  const attemptsInTurn = new KeyedQueue();

  return new Hono<AdminEnv>()
    .post(
      '/admin/create',
      op({
        tag: 'Sign-in',
        summary: 'Create an account',
        description:
          'Without a token, only the very first account (the setup button), which is an Administrator whatever `role` says. ' +
          'Every later one is added by an Administrator, with its `role` (an Editor when not said).',
        body: NewAccount,
        example: { username: 'asha', password: 'a-long-password', role: 'editor' },
        answers: { 201: { description: 'The account was created, with its role.', schema: AccountCreated } },
        refusals: {
          403: 'An account exists already and the call has no valid token of an Administrator account.',
          409: 'An account of that username exists already (whatever its case).',
        },
        access:
          'Anyone may create the first account, without a token; after that, only an Administrator account (`Authorization: Bearer <token>`).',
      }),
      async (c) => {
        const creator = authenticate(c, jwtSecret, admins);
        const { username, password, role } = await readJson(c, NewAccount);
        const passwordHash = await hashPassword(password);
        const now = wholeSecondsNow();
        const { result: created } = await admins.update((data) => {
          const first = data.admins.length === 0;
          // Without a token, only the very first account can be created (the setup button).
          if (!first && !creator) {
            throw new HttpError(403, 'An administrator account already exists. Log in to create another one.');
          }
          if (!first && creator && !may(creator.role, 'accounts')) throw new HttpError(403, refusal('accounts'));
          if (accountNamed(data.admins, username)) {
            throw new HttpError(409, `An administrator named "${username}" already exists`);
          }
          // The first account administers the site, whatever was asked: someone must.
          const account = newAccount(
            { _id: randomUUID(), username, passwordHash, role: first ? 'administrator' : (role ?? 'editor') },
            now,
          );
          data.admins.push(account);
          return account;
        });
        // The first account is made by whoever pressed the setup button: it stands for them.
        noteForAudit(c, { target: username, username: creator?.username ?? username });
        return c.json({ message: 'Administrator account created', username, role: created.role }, 201);
      },
    )
    .post(
      '/admin/login',
      op({
        tag: 'Sign-in',
        summary: 'Log in',
        description:
          'Answers the token the other calls need. When the account has two-factor login on, the first answer is 401 with ' +
          '`twoFactorRequired: true`: send the same again with `code`, the 6-digit code of the authenticator app. ' +
          'Wrong passwords and codes from one address or for one username are counted: too many, and logins wait (429, `Retry-After`).',
        body: LoginRequest,
        example: { username: 'admin', password: 'admin123' },
        answers: {
          200: { description: 'Logged in.', schema: LoginAnswer },
          401: {
            description:
              'The username or password is not right (the message does not say which), or the account asks for a code (`twoFactorRequired: true`) or the code sent is wrong or used already.',
            schema: z.union([TwoFactorRequired, ErrorAnswer]),
          },
        },
        refusals: { 429: 'Too many failed logins: the message and the `Retry-After` header say how long to wait.' },
      }),
      async (c) => {
        const { username, password, code } = await readJson(c, LoginRequest);
        const address = clientAddress(c, trustProxy);
        const recordLogin = (action: string, who: string) =>
          audit.tryRecord({ username: who, action, target: '', address });
        /** Counts a wrong code like a wrong password, and answers so the form asks for the code again. */
        const codeRefused = async (account: AdminAccount, reused: boolean) => {
          throttle.recordFailure(address, username);
          await recordLogin('login.code-failed', account.username);
          return new HttpError(401, reused ? REUSED_CODE : WRONG_CODE, { twoFactorRequired: true });
        };

        const admin = await attemptsInTurn.run(address, async () => {
          const wait = throttle.retryAfter(address, username);
          if (wait > 0) {
            c.header('Retry-After', String(Math.ceil(wait / 1000)));
            throw new HttpError(429, `Too many failed login attempts. Please try again in ${minutesText(wait)}.`);
          }
          const account = accountNamed(admins.data.admins, username);
          const valid = await passwordMatches(account?.passwordHash ?? (await UNKNOWN_USER_HASH), password);
          if (!account || !valid) {
            throttle.recordFailure(address, username);
            await recordLogin('login.failed', username);
            throw new HttpError(401, INVALID_LOGIN);
          }
          let step: number | null = null;
          if (account.twoFactorSecret) {
            // The first step of a two-factor login: the form did not know to send a code yet.
            if (code === undefined) {
              await recordLogin('login.code-required', account.username);
              throw new HttpError(401, CODE_REQUIRED, { twoFactorRequired: true });
            }
            const check = await checkCode(account.twoFactorSecret, code, account.lastCodeStep);
            if (!check.valid) throw await codeRefused(account, check.reused);
            step = check.step;
          }
          const loggedIn = await admins
            .update((data) => {
              const current = data.admins.find((a) => a._id === account._id);
              if (!current) throw new HttpError(401, INVALID_LOGIN);
              // The same code sent from elsewhere at the same moment: only the first one counts.
              if (step !== null && !isFreshStep(step, current.lastCodeStep)) return null;
              if (step !== null) current.lastCodeStep = step;
              current.lastLoginAt = new Date().toISOString();
              return current;
            })
            .then(({ result }) => result);
          if (!loggedIn) throw await codeRefused(account, true);
          throttle.recordSuccess(address, username);
          await recordLogin('login', loggedIn.username);
          return loggedIn;
        });
        return c.json({
          token: signToken(jwtSecret, admin._id),
          username: admin.username,
          role: admin.role,
          usesDefaultPassword: await passwordMatches(admin.passwordHash, DEFAULT_ADMIN.password),
        });
      },
    )
    .get(
      '/admin/session',
      op({
        tag: 'Sign-in',
        summary: 'Who is signed in',
        description: 'The account of the token: its username, role, and whether it still has the default password.',
        permission: 'signedIn',
        answers: { 200: { description: 'The signed-in account.', schema: AdminSession } },
      }),
      async (c) => {
        const admin = c.get('admin');
        return c.json({
          username: admin.username,
          role: admin.role,
          usesDefaultPassword: await passwordMatches(admin.passwordHash, DEFAULT_ADMIN.password),
          twoFactor: admin.twoFactorSecret !== null,
        });
      },
    )
    .put(
      '/admin/password',
      op({
        tag: 'Sign-in',
        summary: 'Change your password',
        description:
          'The change ends every token of the account issued before it: the answer holds a new one for this session.',
        permission: 'signedIn',
        body: PasswordChange,
        example: { currentPassword: 'admin123', newPassword: 'a-much-longer-password' },
        answers: { 200: { description: 'The password was changed.', schema: PasswordChanged } },
        refusals: {
          400: 'The request is not valid, the new password cannot be used, or the current password is not correct: the message says why.',
        },
      }),
      async (c) => {
        const { currentPassword, newPassword } = await readJson(c, PasswordChange);
        const admin = c.get('admin');
        if (!(await passwordMatches(admin.passwordHash, currentPassword))) {
          throw new HttpError(400, 'The current password is not correct');
        }
        const passwordHash = await hashPassword(newPassword);
        const changedAt = wholeSecondsNow();
        await admins.update((data) => {
          const account = data.admins.find((a) => a._id === admin._id);
          if (!account) throw new HttpError(401, 'Please log in again: your account no longer exists.');
          account.passwordHash = passwordHash;
          account.passwordChangedAt = changedAt;
        });
        return c.json({ message: 'Password changed', token: signToken(jwtSecret, admin._id) });
      },
    )
    .get(
      '/admin/build-status',
      op({
        tag: 'Publishing',
        summary: 'Whether the public site is up to date',
        description: 'How the newest build of the public site went, and its publishing to the bucket if there is one.',
        permission: 'signedIn',
        answers: { 200: { description: 'The state of the builds.', schema: BuildStatus } },
      }),
      (c) => c.json(publisher.status),
    );
}

/** Tokens carry whole seconds: a token issued in the same second as a change must still count. */
function wholeSecondsNow(): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
}
