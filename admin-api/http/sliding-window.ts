/**
 * Counts what happened per key (a client address, an address and a user name…) within the last
 * `windowMs`, to refuse more than a limit of it. Old entries are forgotten as they leave the
 * window, and the whole map is swept when it grows, so it cannot fill the memory.
 */
export class SlidingWindow {
  readonly windowMs: number;
  #times = new Map<string, number[]>();

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  /** Milliseconds until `key` has fewer than `limit` in the window; 0 when it has now. */
  waitFor(key: string, limit: number, now = Date.now()): number {
    const times = this.#recent(key, now);
    const oldestCounted = times[times.length - limit];
    return times.length >= limit && oldestCounted !== undefined ? oldestCounted + this.windowMs - now : 0;
  }

  record(key: string, now = Date.now()): void {
    if (this.#times.size > 10_000) this.#forgetStale(now);
    this.#times.set(key, [...this.#recent(key, now), now]);
  }

  forget(key: string): void {
    this.#times.delete(key);
  }

  #forgetStale(now: number) {
    for (const key of this.#times.keys()) this.#recent(key, now);
  }

  #recent(key: string, now: number): number[] {
    const times = (this.#times.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (times.length === 0) this.#times.delete(key);
    else this.#times.set(key, times);
    return times;
  }
}

/** "N minutes" for a wait in milliseconds, rounded up. */
export function minutesText(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
