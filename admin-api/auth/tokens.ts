import jwt from 'jsonwebtoken';

const TOKEN_LIFETIME = '24h';

export interface TokenClaims {
  /** The administrator's `_id`. */
  sub: string;
  /** Issued at, in seconds. */
  iat: number;
}

export function signToken(secret: string, adminId: string): string {
  return jwt.sign({}, secret, { algorithm: 'HS256', subject: adminId, expiresIn: TOKEN_LIFETIME });
}

/** The token's claims, or null when it is malformed, wrongly signed or expired. */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.iat !== 'number') {
      return null;
    }
    return { sub: claims.sub, iat: claims.iat };
  } catch {
    return null;
  }
}
