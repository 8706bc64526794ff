import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HttpError } from '../http/errors.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';
import type { AdminStore } from '../store/stores.ts';
import { verifyToken } from './tokens.ts';

export type AdminEnv = { Variables: { admin: AdminAccount } };

/**
 * The administrator named by `Authorization: Bearer <token>`, if the token is valid, the account
 * still exists and its password has not changed since the token was issued.
 */
export function authenticate(c: Context, secret: string, admins: AdminStore): AdminAccount | null {
  const token = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const claims = token ? verifyToken(secret, token) : null;
  if (!claims) return null;
  const admin = admins.data.admins.find((account) => account._id === claims.sub);
  if (!admin || claims.iat * 1000 < Date.parse(admin.passwordChangedAt)) return null;
  return admin;
}

/** Lets a request through only for an authenticated administrator; otherwise 401. */
export function requireAdmin(secret: string, admins: AdminStore) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const admin = authenticate(c, secret, admins);
    if (!admin) throw new HttpError(401, 'Please log in again: your session is missing or has expired.');
    c.set('admin', admin);
    await next();
    // Administrators' answers (alumni's personal data among them) stay out of every cache.
    c.header('Cache-Control', 'no-store');
  });
}
