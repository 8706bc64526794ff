import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import { DEFAULT_ADMIN, NewPassword } from '../../site/contract/admin.ts';
import type { AppDeps } from '../app-deps.ts';
import { LoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, passwordMatches, UNKNOWN_USER_HASH } from '../auth/passwords.ts';
import { type AdminEnv, authenticate, requireAdmin } from '../auth/require-admin.ts';
import { signToken } from '../auth/tokens.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { minutesText } from '../http/sliding-window.ts';
import { KeyedQueue } from '../images/keyed-queue.ts';

const Credentials = z.object({
  username: z
    .string({ error: 'Username and password are required' })
    .trim()
    .min(1, 'Username and password are required')
    .max(100, 'The username must be at most 100 characters'),
  password: z
    .string({ error: 'Username and password are required' })
    .min(1, 'Username and password are required')
    .max(200, 'The password must be at most 200 characters'),
});

const NewAccount = Credentials.extend({
  password: Credentials.shape.password.refine(
    (password) => password.length >= 8,
    'The password must be at least 8 characters',
  ),
});

const PasswordChange = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password'),
  newPassword: NewPassword,
});

const INVALID_LOGIN = 'Invalid username or password';

/** Setup, login, password change and the publishing status. */
export function adminRoutes({ stores, jwtSecret, publisher, trustProxy }: AppDeps) {
  const { admins } = stores;
  const throttle = new LoginThrottle();
  // Attempts from one address are checked one after another: guesses sent side by side would
  // otherwise all pass the count before the first of them was found wrong.
  const attemptsInTurn = new KeyedQueue();
  const adminOnly = requireAdmin(jwtSecret, admins);

  return new Hono<AdminEnv>()
    .post('/admin/create', async (c) => {
      const creator = authenticate(c, jwtSecret, admins);
      const { username, password } = await readJson(c, NewAccount);
      const passwordHash = await hashPassword(password);
      const now = wholeSecondsNow();
      await admins.update((data) => {
        // Without a token, only the very first account can be created (the setup button).
        if (data.admins.length > 0 && !creator) {
          throw new HttpError(403, 'An administrator account already exists. Log in to create another one.');
        }
        if (data.admins.some((a) => a.username.toLowerCase() === username.toLowerCase())) {
          throw new HttpError(409, `An administrator named "${username}" already exists`);
        }
        data.admins.push({ _id: randomUUID(), username, passwordHash, createdAt: now, passwordChangedAt: now });
      });
      return c.json({ message: 'Administrator account created', username }, 201);
    })
    .post('/admin/login', async (c) => {
      const { username, password } = await readJson(c, Credentials);
      const address = clientAddress(c, trustProxy);
      const admin = await attemptsInTurn.run(address, async () => {
        const wait = throttle.retryAfter(address, username);
        if (wait > 0) {
          c.header('Retry-After', String(Math.ceil(wait / 1000)));
          throw new HttpError(429, `Too many failed login attempts. Please try again in ${minutesText(wait)}.`);
        }
        const account = admins.data.admins.find((a) => a.username.toLowerCase() === username.toLowerCase());
        const valid = await passwordMatches(account?.passwordHash ?? (await UNKNOWN_USER_HASH), password);
        if (!account || !valid) {
          throttle.recordFailure(address, username);
          throw new HttpError(401, INVALID_LOGIN);
        }
        throttle.recordSuccess(address, username);
        return account;
      });
      return c.json({
        token: signToken(jwtSecret, admin._id),
        username: admin.username,
        usesDefaultPassword: await passwordMatches(admin.passwordHash, DEFAULT_ADMIN.password),
      });
    })
    .get('/admin/session', adminOnly, async (c) => {
      const admin = c.get('admin');
      return c.json({
        username: admin.username,
        usesDefaultPassword: await passwordMatches(admin.passwordHash, DEFAULT_ADMIN.password),
      });
    })
    .put('/admin/password', adminOnly, async (c) => {
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
    .get('/admin/build-status', adminOnly, (c) => c.json(publisher.status));
}

/** Tokens carry whole seconds: a token issued in the same second as a change must still count. */
function wholeSecondsNow(): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
}
