import { type Context, Hono } from 'hono';
import { TwoFactorConfirmation } from '../../site/contract/admin.ts';
import { MessageAnswer, TwoFactorSetup } from '../../site/contract/api.ts';
import type { AppDeps } from '../app-deps.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { checkCode, isFreshStep, newTwoFactorSecret, otpauthUrl } from '../auth/two-factor.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { minutesText } from '../http/sliding-window.ts';
import { operations } from '../openapi/operation.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';

const GONE = 'Please log in again: your account no longer exists.';
const WRONG_CODE = 'The code is not correct. Enter the current code from your authenticator app.';
const REUSED_CODE = 'This code was used already. Wait for the next code in your authenticator app.';

/**
 * Two-factor login for the administrator making the call: setup hands out a new secret (kept as
 * pending), enable turns it on once the app shows a valid code for it, disable turns it off with
 * a valid code. Wrong codes count towards the login rate limit, so a stolen token alone cannot
 * guess its way to turning the second factor off.
 */
export function twoFactorRoutes(deps: AppDeps, throttle: LoginThrottle) {
  const { stores, trustProxy } = deps;
  const { admins } = stores;
  const op = operations(deps);
  const codeRefusals = {
    429: 'Too many wrong passwords or codes: the message and the `Retry-After` header say how long to wait.',
  };

  /** The step of `code` for `secret`; a wrong one is refused (400) and counted as a failed login. */
  async function stepOf(c: Context<AdminEnv>, code: string, secret: string, lastStep: number | null) {
    const { username } = c.get('admin');
    const address = clientAddress(c, trustProxy);
    const wait = throttle.retryAfter(address, username);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(429, `Too many wrong codes. Please try again in ${minutesText(wait)}.`);
    }
    const check = await checkCode(secret, code, lastStep);
    if (!check.valid) {
      throttle.recordFailure(address, username);
      throw new HttpError(400, check.reused ? REUSED_CODE : WRONG_CODE);
    }
    throttle.recordSuccess(address, username);
    return check.step;
  }

  return new Hono<AdminEnv>()
    .post(
      '/admin/2fa/setup',
      op({
        tag: 'Sign-in',
        summary: 'Start setting up two-factor login',
        description:
          'A new secret for the signed-in account’s authenticator app, kept until POST /api/admin/2fa/enable confirms it with a code. Starting again replaces it.',
        permission: 'signedIn',
        answers: {
          200: { description: 'The secret, as text and as an `otpauth://` address.', schema: TwoFactorSetup },
        },
        refusals: { 409: 'Two-factor login is on already: turn it off first.' },
      }),
      async (c) => {
        const secret = newTwoFactorSecret();
        const { result: username } = await admins.update((data) => {
          const account = ownAccount(data.admins, c.get('admin'));
          // Replacing a secret in use needs its code: turning it off asks for one.
          if (account.twoFactorSecret) {
            throw new HttpError(409, 'Two-factor login is already on. Turn it off first to set it up again.');
          }
          account.pendingTwoFactorSecret = secret;
          return account.username;
        });
        const answer: TwoFactorSetup = {
          secret,
          otpauthUrl: otpauthUrl(secret, username, stores.content.data.settings.schoolName),
        };
        return c.json(answer);
      },
    )
    .post(
      '/admin/2fa/enable',
      op({
        tag: 'Sign-in',
        summary: 'Turn two-factor login on',
        description: 'With the current code of the secret POST /api/admin/2fa/setup gave. Logins then ask for a code.',
        permission: 'signedIn',
        body: TwoFactorConfirmation,
        example: { code: '123456' },
        answers: { 200: { description: 'Two-factor login is on.', schema: MessageAnswer } },
        refusals: {
          ...codeRefusals,
          400: 'The request is not valid, the setup was not started (or was started again meanwhile), or the code is not correct: the message says why. A wrong code counts as a failed login.',
          409: 'Two-factor login is on already.',
        },
      }),
      async (c) => {
        const { code } = await readJson(c, TwoFactorConfirmation);
        const { twoFactorSecret, pendingTwoFactorSecret } = c.get('admin');
        if (twoFactorSecret) throw new HttpError(409, 'Two-factor login is already on');
        if (!pendingTwoFactorSecret) throw new HttpError(400, 'Start the two-factor setup first');
        // The pending secret's codes were never used: no earlier step to compare with.
        const step = await stepOf(c, code, pendingTwoFactorSecret, null);
        await admins.update((data) => {
          const account = ownAccount(data.admins, c.get('admin'));
          if (account.twoFactorSecret) throw new HttpError(409, 'Two-factor login is already on');
          if (account.pendingTwoFactorSecret !== pendingTwoFactorSecret) {
            throw new HttpError(400, 'The setup was started again meanwhile. Scan the newest QR code.');
          }
          account.twoFactorSecret = pendingTwoFactorSecret;
          account.pendingTwoFactorSecret = null;
          account.lastCodeStep = step;
        });
        return c.json({ message: 'Two-factor login is on' } satisfies MessageAnswer);
      },
    )
    .post(
      '/admin/2fa/disable',
      op({
        tag: 'Sign-in',
        summary: 'Turn two-factor login off',
        description: 'With a current code of the authenticator app: a token alone cannot turn it off.',
        permission: 'signedIn',
        body: TwoFactorConfirmation,
        example: { code: '123456' },
        answers: { 200: { description: 'Two-factor login is off.', schema: MessageAnswer } },
        refusals: {
          ...codeRefusals,
          400: 'The request is not valid, two-factor login is not on, or the code is not correct or was used already: the message says why. A wrong code counts as a failed login.',
        },
      }),
      async (c) => {
        const { code } = await readJson(c, TwoFactorConfirmation);
        const { twoFactorSecret, lastCodeStep } = c.get('admin');
        if (!twoFactorSecret) throw new HttpError(400, 'Two-factor login is not on');
        const step = await stepOf(c, code, twoFactorSecret, lastCodeStep);
        await admins.update((data) => {
          const account = ownAccount(data.admins, c.get('admin'));
          // The same code sent twice at the same moment: only the first one counts.
          if (account.twoFactorSecret !== twoFactorSecret || !isFreshStep(step, account.lastCodeStep)) {
            throw new HttpError(400, REUSED_CODE);
          }
          account.twoFactorSecret = null;
          account.pendingTwoFactorSecret = null;
          account.lastCodeStep = step;
        });
        return c.json({ message: 'Two-factor login is off' } satisfies MessageAnswer);
      },
    );
}

function ownAccount(accounts: AdminAccount[], admin: AdminAccount): AdminAccount {
  const account = accounts.find((candidate) => candidate._id === admin._id);
  if (!account) throw new HttpError(401, GONE);
  return account;
}
