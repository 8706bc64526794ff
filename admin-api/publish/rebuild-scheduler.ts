/**
 * Decides when the site is rebuilt. The first edit after a quiet moment is built at once. Edits
 * that follow it closely (a burst) wait until they pause (`quietMs` without a new one), or
 * `maxWaitMs` after the first edit not yet built while they keep coming, so an administrator
 * typing fast costs a few builds, not one per keystroke. At most one build runs; edits that arrive
 * meanwhile are built by one more build, from whatever is newest by then.
 */
import type { BuildStatus } from '../../site/contract/api.ts';

/**
 * Builds the site from the content as it is when the job is called (read before its first
 * await); rejects when the build fails.
 */
export type BuildJob = () => Promise<void>;

export interface SchedulerTiming {
  /** A build starts once no edit came for this long... */
  quietMs: number;
  /** ...or this long after the first edit it will include, whichever is sooner. */
  maxWaitMs: number;
}

export const DEFAULT_TIMING: SchedulerTiming = { quietMs: 200, maxWaitMs: 1500 };

export class RebuildScheduler {
  #build: BuildJob;
  #currentRevision: () => number;
  #timing: SchedulerTiming;
  #running: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  /**
   * When the first and the last edit not yet in a build arrived, and whether they are built
   * without waiting for a pause; null when there is none.
   */
  #pending: { first: number; last: number; now: boolean } | null = null;
  /** When the last edit arrived. */
  #lastEdit = Number.NEGATIVE_INFINITY;
  #idleWaiters: (() => void)[] = [];
  #liveRevision = -1;
  #buildCount = 0;
  #status: Omit<BuildStatus, 'live' | 'buildCount'> = {
    state: 'idle',
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    error: null,
  };

  /**
   * @param build runs one build
   * @param currentRevision the revision of the content at this moment
   */
  constructor(build: BuildJob, currentRevision: () => number, timing: SchedulerTiming = DEFAULT_TIMING) {
    this.#build = build;
    this.#currentRevision = currentRevision;
    this.#timing = timing;
  }

  /** Records that the site being served already shows content revision `revision`. */
  markLive(revision: number): void {
    this.#liveRevision = revision;
  }

  /** Asks for a build of the newest content. */
  schedule(): void {
    const now = Date.now();
    const quiet = this.#isIdle() && now - this.#lastEdit >= this.#timing.quietMs;
    this.#lastEdit = now;
    this.#pending = { first: this.#pending?.first ?? now, last: now, now: quiet || (this.#pending?.now ?? false) };
    if (!this.#running) this.#arm();
  }

  /** Starts a build of the newest content now, without waiting for the edits to pause. */
  buildNow(): void {
    this.#pending = { first: 0, last: 0, now: true };
    if (!this.#running) this.#arm();
  }

  /** Resolves when no build runs or waits. */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  get status(): BuildStatus {
    const live = this.#isIdle() && this.#liveRevision === this.#currentRevision();
    return { ...this.#status, live, buildCount: this.#buildCount };
  }

  #isIdle() {
    return !this.#running && !this.#pending;
  }

  #arm() {
    if (this.#timer) clearTimeout(this.#timer);
    const { first, last, now } = this.#pending!;
    const startAt = now ? 0 : Math.min(last + this.#timing.quietMs, first + this.#timing.maxWaitMs);
    this.#timer = setTimeout(() => this.#start(), Math.max(0, startAt - Date.now()));
  }

  #start() {
    this.#timer = null;
    this.#pending = null;
    this.#running = this.#run().finally(() => {
      this.#running = null;
      if (this.#pending) this.#arm();
      else for (const resolve of this.#idleWaiters.splice(0)) resolve();
    });
  }

  async #run(): Promise<void> {
    const revision = this.#currentRevision();
    const started = Date.now();
    this.#buildCount += 1;
    this.#status = { ...this.#status, state: 'running', startedAt: new Date(started).toISOString() };
    try {
      await this.#build();
      this.#liveRevision = revision;
      this.#finish(started, null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Rebuilding the site failed; the previous version stays online. ${message}`);
      this.#finish(started, message);
    }
  }

  #finish(started: number, error: string | null) {
    const finished = Date.now();
    this.#status = {
      state: error === null ? 'ok' : 'failed',
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      durationMs: finished - started,
      error,
    };
  }
}
