/**
 * Counts failed logins per client address and user name, and per address alone, in a sliding
 * window. Past the limit, logins are refused until the oldest failure leaves the window.
 */
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
  #failures = new Map<string, number[]>();

  constructor(options: ThrottleOptions = DEFAULT_THROTTLE) {
    this.#options = options;
  }

  /** Milliseconds until `address` may try `username` again; 0 when it may now. */
  retryAfter(address: string, username: string, now = Date.now()): number {
    const { perAccount, perAddress, windowMs } = this.#options;
    const wait = (key: string, limit: number) => {
      const times = this.#recent(key, now);
      const oldest = times[times.length - limit];
      return times.length >= limit && oldest !== undefined ? oldest + windowMs - now : 0;
    };
    return Math.max(wait(accountKey(address, username), perAccount), wait(address, perAddress));
  }

  recordFailure(address: string, username: string, now = Date.now()): void {
    if (this.#failures.size > 10_000) this.#forgetStale(now);
    for (const key of [accountKey(address, username), address]) {
      this.#failures.set(key, [...this.#recent(key, now), now]);
    }
  }

  recordSuccess(address: string, username: string): void {
    this.#failures.delete(accountKey(address, username));
  }

  #forgetStale(now: number) {
    for (const key of this.#failures.keys()) this.#recent(key, now);
  }

  #recent(key: string, now: number): number[] {
    const times = (this.#failures.get(key) ?? []).filter((t) => t > now - this.#options.windowMs);
    if (times.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, times);
    return times;
  }
}

const accountKey = (address: string, username: string) => `${address}\n${username.toLowerCase()}`;
