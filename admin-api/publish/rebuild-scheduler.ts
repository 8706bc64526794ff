/**
 * Coalesces rebuild requests: at most one build runs and at most one waits. The waiting build
 * starts after the running one and builds whatever is newest by then, so a burst of edits costs
 * at most two builds beyond the one already running.
 */
export type BuildState = 'idle' | 'running' | 'ok' | 'failed';

export interface BuildStatus {
  /** The state of the newest build: running while one runs, otherwise how the last one ended. */
  state: BuildState;
  /** True when the public site shows the latest content and no build runs or waits. */
  live: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** Why the last build failed; the previous site stays in place. */
  error: string | null;
  /** Builds started since the server started. */
  buildCount: number;
}

/**
 * Builds the site from the content as it is when the job is called (read before its first
 * await); rejects when the build fails.
 */
export type BuildJob = () => Promise<void>;

export class RebuildScheduler {
  #build: BuildJob;
  #currentRevision: () => number;
  #running: Promise<void> | null = null;
  #waiting = false;
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
  constructor(build: BuildJob, currentRevision: () => number) {
    this.#build = build;
    this.#currentRevision = currentRevision;
  }

  /** Records that the site being served already shows content revision `revision`. */
  markLive(revision: number): void {
    this.#liveRevision = revision;
  }

  /** Asks for a build of the newest content. */
  schedule(): void {
    if (this.#running) {
      this.#waiting = true;
      return;
    }
    this.#running = this.#run().finally(() => {
      this.#running = null;
      if (this.#waiting) {
        this.#waiting = false;
        this.schedule();
      }
    });
  }

  /** Resolves when no build runs or waits. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  get status(): BuildStatus {
    const live =
      !this.#running && !this.#waiting && this.#liveRevision === this.#currentRevision();
    return { ...this.#status, live, buildCount: this.#buildCount };
  }

  async #run(): Promise<void> {
    const revision = this.#currentRevision();
    const started = Date.now();
    this.#buildCount += 1;
    this.#status = {
      ...this.#status,
      state: 'running',
      startedAt: new Date(started).toISOString(),
    };
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
