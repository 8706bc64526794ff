/**
 * Who has what open in the dashboard, so two people editing the same thing see each other's name
 * ("Asha is editing this page"). Each open editor says so every few seconds; a name not heard of
 * for `ttlMs` is gone (a closed tab, a lost connection). Kept in memory: it is about the next
 * half-minute, never worth a write.
 */
export interface Presence {
  username: string;
  /** When this person opened it (ISO 8601). */
  since: string;
}

interface Entry extends Presence {
  target: string;
  seen: number;
}

export class PresenceBoard {
  #entries = new Map<string, Entry>();
  #ttlMs: number;

  constructor(ttlMs = 25_000) {
    this.#ttlMs = ttlMs;
  }

  /**
   * Records that the account `accountId` (`username`) has `target` open now (null: nothing), and
   * answers the others who have the same target open.
   */
  visit(accountId: string, username: string, target: string | null, now = Date.now()): Presence[] {
    this.#forgetOld(now);
    const before = this.#entries.get(accountId);
    if (target === null) this.#entries.delete(accountId);
    else {
      const since = before?.target === target ? before.since : new Date(now).toISOString();
      this.#entries.set(accountId, { username, target, since, seen: now });
    }
    if (target === null) return [];
    return [...this.#entries]
      .filter(([id, entry]) => id !== accountId && entry.target === target)
      .map(([, { username: name, since }]) => ({ username: name, since }));
  }

  #forgetOld(now: number) {
    for (const [id, entry] of this.#entries) if (now - entry.seen > this.#ttlMs) this.#entries.delete(id);
  }
}
