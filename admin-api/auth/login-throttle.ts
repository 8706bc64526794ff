/**
 * Counts failed logins per client address and user name, and per address alone, in a sliding
 * window. Past the limit, logins are refused until the oldest failure leaves the window.
 */
import { SlidingWindow } from '../http/sliding-window.ts';

export interface ThrottleOptions {
  windowMs: number;
  /** Failures allowed for one address and user name. */
  perAccount: number;
  /** Failures allowed for one address, over all user names. */
  perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
};

export class LoginThrottle {
  #options: ThrottleOptions;
  #failures: SlidingWindow;

  constructor(options: ThrottleOptions = DEFAULT_THROTTLE) {
    this.#options = options;
    this.#failures = new SlidingWindow(options.windowMs);
  }

  /** Milliseconds until `address` may try `username` again; 0 when it may now. */
  retryAfter(address: string, username: string, now = Date.now()): number {
    return Math.max(
      this.#failures.waitFor(accountKey(address, username), this.#options.perAccount, now),
      this.#failures.waitFor(address, this.#options.perAddress, now),
    );
  }

  recordFailure(address: string, username: string, now = Date.now()): void {
    this.#failures.record(accountKey(address, username), now);
    this.#failures.record(address, now);
  }

  recordSuccess(address: string, username: string): void {
    this.#failures.forget(accountKey(address, username));
  }
}

const accountKey = (address: string, username: string) => `${address}\n${username.toLowerCase()}`;
