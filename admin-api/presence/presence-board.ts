/**
 * Who has what open in the dashboard, so two people editing the same thing see each other's name
 * ("Asha is editing this page"). Each open editor says so every few seconds; one not heard of for
 * `ttlMs` is gone (a closed tab, a lost connection). A person may have several things open (in two
 * tabs). Kept in memory: it is about the next half-minute, never worth a write.
 */
export interface Presence {
  username: string;
  /** When this person opened it (ISO 8601). */
  since: string;
}

interface Entry extends Presence {
  accountId: string;
  target: string;
  seen: number;
}

export class PresenceBoard {
  #entries = new Map<string, Entry>();
  #ttlMs: number;

  constructor(ttlMs = 25_000) {
    this.#ttlMs = ttlMs;
  }

  /** Records that `accountId` (`username`) has `target` open now; answers the others who have it open. */
  visit(accountId: string, username: string, target: string, now = Date.now()): Presence[] {
    this.#forgetOld(now);
    const key = `${accountId}\n${target}`;
    const since = this.#entries.get(key)?.since ?? new Date(now).toISOString();
    this.#entries.set(key, { accountId, username, target, since, seen: now });
    return [...this.#entries.values()]
      .filter((entry) => entry.target === target && entry.accountId !== accountId)
      .map(({ username: name, since: from }) => ({ username: name, since: from }));
  }

  /** `accountId` closed `target`: the others stop seeing its name at once. */
  leave(accountId: string, target: string): void {
    this.#entries.delete(`${accountId}\n${target}`);
  }

  #forgetOld(now: number) {
    for (const [key, entry] of this.#entries) if (now - entry.seen > this.#ttlMs) this.#entries.delete(key);
  }
}
