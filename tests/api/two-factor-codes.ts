/** Codes of an authenticator app, made in the test from the secret the setup answered. */
import { generate } from 'otplib';

/**
 * The code `steps` time steps (30 s) from now. The server takes the current step and its two
 * neighbours, and each step only once per account: a test uses `codeFor(secret)`, then
 * `codeFor(secret, 1)`, without waiting for the clock. Codes of the step before are avoided: the
 * clock may pass into the next step between making the code and the server checking it.
 */
export function codeFor(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A six-digit code that is not valid for `secret` now (nor in the neighbouring steps). */
export async function wrongCodeFor(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-1, 0, 1, 2].map((steps) => codeFor(secret, steps))));
  for (let n = 0; ; n += 1) {
    const code = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
