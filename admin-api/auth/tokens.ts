import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

const TOKEN_LIFETIME = '24h';

export interface TokenClaims {
  /** The administrator's `_id`. */
  sub: string;
  /** Issued at, in seconds. */
  iat: number;
}

/** A session token; each one is new (its own `jti`), even two issued in the same second. */
export function signToken(secret: string, adminId: string): string {
  return jwt.sign({}, secret, {
    algorithm: 'HS256',
    subject: adminId,
    expiresIn: TOKEN_LIFETIME,
    jwtid: randomUUID(),
  });
}

/** The token's claims, or null when it is malformed, wrongly signed or expired. */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    // A token made for something narrower (a preview link) is not a session.
    if (typeof claims !== 'object' || 'aud' in claims) return null;
    if (typeof claims.sub !== 'string' || typeof claims.iat !== 'number') return null;
    return { sub: claims.sub, iat: claims.iat };
  } catch {
    return null;
  }
}

/** How long a link to a draft's preview works: long enough to look, short enough to leak nothing. */
const PREVIEW_LIFETIME = '10m';

/**
 * A token for one preview only (`target`: `news/<id>`, `pages/<slug>`…), for the dashboard to show
 * it in a frame, where no Authorization header can be sent. Signed like the others, but good for
 * nothing else: every other call refuses it (it has an audience; login tokens have none).
 */
export function signPreviewToken(secret: string, adminId: string, target: string): string {
  return jwt.sign({}, secret, {
    algorithm: 'HS256',
    subject: adminId,
    audience: `preview:${target}`,
    expiresIn: PREVIEW_LIFETIME,
  });
}

/** The claims of a preview token for `target`, or null. */
export function verifyPreviewToken(secret: string, token: string, target: string): TokenClaims | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'], audience: `preview:${target}` });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.iat !== 'number') return null;
    return { sub: claims.sub, iat: claims.iat };
  } catch {
    return null;
  }
}
