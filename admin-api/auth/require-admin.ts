import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { may, type Permission, refusal } from '../../site/contract/roles.ts';
import { HttpError } from '../http/errors.ts';
import { readBy } from '../http/etag.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';
import type { AdminStore } from '../store/stores.ts';
import { verifyToken } from './tokens.ts';

export type AdminEnv = { Variables: { admin: AdminAccount } };

/** The 401 of a call made without a valid token. */
export const SIGNED_OUT = 'Please log in again: your session is missing or has expired.';

/**
 * The account named by `Authorization: Bearer <token>`, if the token is valid, the account still
 * exists and its password has not changed since the token was issued. The account is read as it
 * is now, so a role changed or an account removed counts from the next call, for every token.
 */
export function authenticate(c: Context, secret: string, admins: AdminStore): AdminAccount | null {
  const token = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const claims = token ? verifyToken(secret, token) : null;
  if (!claims) return null;
  const admin = admins.data.admins.find((account) => account._id === claims.sub);
  if (!admin || claims.iat * 1000 < Date.parse(admin.passwordChangedAt)) return null;
  return admin;
}

/**
 * Lets a request through only for a signed-in account whose role may do `permission`: 401 without
 * a valid token, 403 with the roles that may otherwise (site/contract/roles.ts).
 */
export function requireRole(secret: string, admins: AdminStore, permission: Permission) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const admin = authenticate(c, secret, admins);
    if (!admin) throw new HttpError(401, SIGNED_OUT);
    if (!may(admin.role, permission)) throw new HttpError(403, refusal(permission));
    c.set('admin', admin);
    readBy(c, admin);
    await next();
    // Signed-in answers (alumni's personal data among them) stay out of every cache.
    c.header('Cache-Control', 'no-store');
  });
}

/** The permission checks of a route module: `allow('content')` before each call that needs it. */
export function permissions({ jwtSecret, stores }: { jwtSecret: string; stores: { admins: AdminStore } }) {
  const made = new Map<Permission, ReturnType<typeof requireRole>>();
  return (permission: Permission) => {
    let check = made.get(permission);
    if (!check) {
      check = requireRole(jwtSecret, stores.admins, permission);
      made.set(permission, check);
    }
    return check;
  };
}
export type Allow = ReturnType<typeof permissions>;
