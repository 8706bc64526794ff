import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import { DEFAULT_ADMIN, LoginRequest, NewAccount, NewPassword } from '../../site/contract/admin.ts';
import { may, refusal } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, passwordMatches, UNKNOWN_USER_HASH } from '../auth/passwords.ts';
import { type AdminEnv, authenticate, requireRole } from '../auth/require-admin.ts';
import { signToken } from '../auth/tokens.ts';
import { checkCode, isFreshStep } from '../auth/two-factor.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { minutesText } from '../http/sliding-window.ts';
import { KeyedQueue } from '../images/keyed-queue.ts';
import { type AdminAccount, accountNamed, newAccount } from '../store/admin-accounts.ts';

const PasswordChange = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password'),
  newPassword: NewPassword,
});

const INVALID_LOGIN = 'Invalid username or password';
const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
const WRONG_CODE = 'The code is not correct. Enter the current code from your authenticator app.';
const REUSED_CODE = 'This code was used already. Wait for the next code in your authenticator app.';

/** Setup, login (with its second step when two-factor login is on), password change, publishing status. */
export function adminRoutes({ stores, jwtSecret, publisher, trustProxy, audit }: AppDeps, throttle: LoginThrottle) {
  const { admins } = stores;
  // Attempts from one address are checked one after another: guesses sent side by side would
  // otherwise all pass the count before the first of them was found wrong.
  const attemptsInTurn = new KeyedQueue();
  const signedIn = requireRole(jwtSecret, admins, 'signedIn');

  return new Hono<AdminEnv>()
    .post('/admin/create', async (c) => {
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
    })
    .post('/admin/login', async (c) => {
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
    })
    .get('/admin/session', signedIn, async (c) => {
      const admin = c.get('admin');
      return c.json({
        username: admin.username,
        role: admin.role,
        usesDefaultPassword: await passwordMatches(admin.passwordHash, DEFAULT_ADMIN.password),
        twoFactor: admin.twoFactorSecret !== null,
      });
    })
    .put('/admin/password', signedIn, async (c) => {
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
    })
    .get('/admin/build-status', signedIn, (c) => c.json(publisher.status));
}

/** Tokens carry whole seconds: a token issued in the same second as a change must still count. */
function wholeSecondsNow(): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
}
