/**
 * Time-based one-time codes (TOTP, RFC 6238) as authenticator apps make them: SHA-1, six digits,
 * a new code every 30 seconds. otplib does the arithmetic; this module adds the rules: a code of
 * the step before or after is still taken (a phone's clock may be a little off), and a code is
 * never taken twice.
 */
import { generateSecret, generateURI, verify } from 'otplib';

/** One step either side of now: an app whose clock is up to 30 seconds off still works. */
const TOLERANCE_SECONDS = 30;

export type CodeCheck = { valid: true; step: number } | { valid: false; reused: boolean };

/** A new random secret (20 bytes, base32), as authenticator apps expect it. */
export function newTwoFactorSecret(): string {
  return generateSecret();
}

/** The `otpauth://` address an authenticator app reads from a QR code. */
export function otpauthUrl(secret: string, username: string, issuer: string): string {
  return generateURI({ issuer, label: username, secret });
}

/**
 * Checks `code` against `secret`. A code of a step at or before `lastStep` (the last code this
 * account used) is refused, so a code seen over someone's shoulder cannot be used again.
 */
export async function checkCode(secret: string, code: string, lastStep: number | null): Promise<CodeCheck> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  // TOTP's answers carry the step of the matching code (HOTP's, a counter, do not).
  if (!result.valid || !('timeStep' in result)) return { valid: false, reused: false };
  if (lastStep !== null && result.timeStep <= lastStep) return { valid: false, reused: true };
  return { valid: true, step: result.timeStep };
}

/** Whether `step` may still be used by an account whose last accepted code had `lastStep`. */
export const isFreshStep = (step: number, lastStep: number | null) => lastStep === null || step > lastStep;
