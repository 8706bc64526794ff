/**
 * What goes to the subscribers, written down before anything is sent, so that a crash loses no
 * send. A batch is one message to many subscriptions: `DATA_DIR/outbox/<id>.json` (written
 * atomically, before its first send) names the message and its recipients; `<id>.log` gets one
 * line per recipient done (`sent`, `bounced` or `skipped`), appended as each finishes. A server
 * that restarts sends what the logs do not name; only a recipient whose send was under way at the
 * crash may get the message twice. Sends start at most `rate` a second, a few at a time; one the
 * mail server turns away for now is tried again later, further apart each time; one it refuses for
 * good (5xx) is a bounce. A finished batch leaves a line in `DATA_DIR/mail-log.jsonl` and its files go.
 */
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEMPORARY_PREFIX, writeAtomically } from '../store/atomic-files.ts';

/** How one recipient's send ended. `skipped`: nothing to send any more (unsubscribed since). */
export type Outcome = 'sent' | 'bounced' | 'skipped';

export interface Batch<M> {
  /** Unique and meaningful (`alert-<id>`): a batch already queued or sent under it is not queued again. */
  id: string;
  createdAt: string;
  message: M;
  /** Subscription ids. */
  recipients: string[];
  /** Sent before every batch that is not (an emergency does not wait behind a digest). */
  urgent: boolean;
  /** What it is, for the log (never personal data): `News: Science fair winners`. */
  about: string;
}

/** The summary of a finished batch, as `mail-log.jsonl` keeps it. */
export interface BatchLog {
  id: string;
  about: string;
  createdAt: string;
  finishedAt: string;
  counts: Record<Outcome | 'failed', number>;
}

export interface OutboxOptions<M> {
  /** `DATA_DIR`: the outbox folder and the mail log go in it. */
  dataDir: string;
  /** Sends started a second, at most. */
  rate: number;
  /**
   * Sends `message` (of the batch `batch`) to the subscription `recipient`: what became of it, or
   * throws (see `isPermanent`).
   */
  send: (message: M, recipient: string, batch: string) => Promise<Exclude<Outcome, 'bounced'>>;
  /** Told of each bounce, to count them against the address. */
  bounced?: (recipient: string) => Promise<void>;
  /** Waits before the 2nd, 3rd… attempt of a send the server turned away for now; then it is given up. */
  retryDelaysMs?: readonly number[];
  /** Whether a send's error is a refusal for good (a bounce); default: an SMTP 5xx (`isPermanent`). */
  permanent?: (error: unknown) => boolean;
  /** The folder of `dataDir` the batches are kept in (default `outbox`), and the log of the finished ones. */
  folder?: string;
  log?: string;
  /** Sends under way at once, at most (default MAX_AT_ONCE). */
  atOnce?: number;
}

/** A mail server's refusal for good: an SMTP 5xx answer. */
export const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The log of the e-mails' finished batches (`DATA_DIR/mail-log.jsonl`). */
const MAIL_LOG = 'mail-log.jsonl';
export const mailLogFile = (dataDir: string) => join(dataDir, MAIL_LOG);

const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000] as const;
/** Sends under way at once, at most: a few connections to the mail server (and what a crash may repeat). */
export const MAX_AT_ONCE = 5;

interface Job {
  batch: string;
  recipient: string;
  attempt: number;
}

export class Outbox<M> {
  readonly #options: Required<OutboxOptions<M>>;
  readonly #dir: string;
  readonly #batches = new Map<string, { batch: Batch<M>; left: number; counts: BatchLog['counts'] }>();
  /** Ids of the batches finished (the mail log's), so none is queued twice. */
  readonly #finished = new Set<string>();
  /** What is to be sent: the urgent batches' first. */
  readonly #queues: { urgent: Job[]; other: Job[] } = { urgent: [], other: [] };
  readonly #underway = new Set<Promise<void>>();
  #nextStart = 0;
  #wake: (() => void) | null = null;
  #closed = false;
  #idle: Promise<void> = Promise.resolve();

  private constructor(options: OutboxOptions<M>) {
    this.#options = {
      bounced: async () => {},
      retryDelaysMs: RETRY_DELAYS_MS,
      permanent: isPermanent,
      folder: 'outbox',
      log: MAIL_LOG,
      atOnce: MAX_AT_ONCE,
      ...options,
    };
    this.#dir = join(options.dataDir, this.#options.folder);
  }

  /** The outbox of `dataDir`, sending again what a previous run left unsent. */
  static async open<M>(options: OutboxOptions<M>): Promise<Outbox<M>> {
    const outbox = new Outbox(options);
    await outbox.#load();
    outbox.#start();
    return outbox;
  }

  /**
   * Writes `message` to `recipients` down, then sends it in the background; answers false (and
   * writes nothing) when a batch of this id is already queued or was sent.
   */
  async enqueue(
    id: string,
    message: M,
    recipients: readonly string[],
    { urgent = false, about = id }: { urgent?: boolean; about?: string } = {},
  ): Promise<boolean> {
    if (this.#closed || this.#batches.has(id) || this.#finished.has(id)) return false;
    const createdAt = new Date().toISOString();
    const batch: Batch<M> = { id, createdAt, message, recipients: [...recipients], urgent, about };
    await writeAtomically(this.#file(id, 'json'), Buffer.from(JSON.stringify(batch)));
    this.#add(batch, new Set());
    return true;
  }

  /** Resolves once nothing is left to send (retries waiting count as left). */
  async settled(): Promise<void> {
    while (this.#underway.size > 0 || this.#batches.size > 0) {
      await sleep(20);
    }
  }

  /** Starts no more sends and waits for those under way; what is left is sent at the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#wake?.();
    await this.#idle;
    await Promise.all(this.#underway);
  }

  async #load() {
    await mkdir(this.#dir, { recursive: true });
    for (const line of await readLines(this.#logFile)) {
      const id = parsed<Partial<BatchLog>>(line)?.id;
      if (id) this.#finished.add(id);
    }
    const names = (await readdir(this.#dir)).filter(
      (name) => name.endsWith('.json') && !name.startsWith(TEMPORARY_PREFIX),
    );
    for (const name of names.sort()) {
      const batch = JSON.parse(await readFile(join(this.#dir, name), 'utf8')) as Batch<M>;
      // Logged as finished, then the crash came before its files went: nothing is left of it to send.
      if (this.#finished.has(batch.id)) {
        await this.#removeFiles(batch.id);
        continue;
      }
      const done = new Set<string>();
      for (const line of await readLines(this.#file(batch.id, 'log'))) {
        const [recipient, outcome] = line.split(' ');
        // A line cut short by a crash is no outcome: that recipient is sent again.
        if (
          recipient &&
          (outcome === 'sent' || outcome === 'bounced' || outcome === 'skipped' || outcome === 'failed')
        ) {
          done.add(recipient);
        }
      }
      this.#add(batch, done);
    }
  }

  #add(batch: Batch<M>, done: ReadonlySet<string>) {
    const left = batch.recipients.filter((recipient) => !done.has(recipient));
    const counts = { sent: 0, bounced: 0, skipped: 0, failed: 0 };
    this.#batches.set(batch.id, { batch, left: left.length, counts });
    const queue = batch.urgent ? this.#queues.urgent : this.#queues.other;
    for (const recipient of left) queue.push({ batch: batch.id, recipient, attempt: 1 });
    if (left.length === 0) void this.#finish(batch.id);
    this.#wake?.();
  }

  #start() {
    this.#idle = this.#run();
  }

  async #run() {
    while (!this.#closed) {
      const job = this.#queues.urgent.shift() ?? this.#queues.other.shift();
      if (!job) {
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        this.#wake = null;
        continue;
      }
      while (this.#underway.size >= this.#options.atOnce) await Promise.race(this.#underway);
      const wait = this.#nextStart - Date.now();
      if (wait > 0) await sleep(wait);
      this.#nextStart = Math.max(Date.now(), this.#nextStart) + 1000 / this.#options.rate;
      const sending = this.#deliver(job).finally(() => this.#underway.delete(sending));
      this.#underway.add(sending);
    }
  }

  async #deliver(job: Job) {
    const entry = this.#batches.get(job.batch);
    if (!entry) return;
    let outcome: Outcome | 'failed';
    try {
      outcome = await this.#options.send(entry.batch.message, job.recipient, job.batch);
    } catch (error) {
      if (this.#options.permanent(error)) {
        outcome = 'bounced';
        await this.#options.bounced(job.recipient).catch((problem: unknown) => logFailure('count a bounce', problem));
      } else {
        const wait = this.#options.retryDelaysMs[job.attempt - 1];
        if (wait !== undefined && !this.#closed) {
          console.warn(
            `An e-mail to a subscriber could not be sent (${reason(error)}); trying again in ${wait / 1000} s.`,
          );
          setTimeout(() => {
            const queue = entry.batch.urgent ? this.#queues.urgent : this.#queues.other;
            queue.push({ ...job, attempt: job.attempt + 1 });
            this.#wake?.();
          }, wait).unref();
          return;
        }
        console.error(`An e-mail to a subscriber is given up after ${job.attempt} attempts (${reason(error)}).`);
        outcome = 'failed';
      }
    }
    await appendFile(this.#file(job.batch, 'log'), `${job.recipient} ${outcome}\n`);
    entry.counts[outcome] += 1;
    entry.left -= 1;
    if (entry.left === 0) await this.#finish(job.batch);
  }

  async #finish(id: string) {
    const entry = this.#batches.get(id);
    if (!entry) return;
    const log: BatchLog = {
      id,
      about: entry.batch.about ?? id,
      createdAt: entry.batch.createdAt,
      finishedAt: new Date().toISOString(),
      counts: entry.counts,
    };
    await appendFile(this.#logFile, `${JSON.stringify(log)}\n`);
    this.#finished.add(id);
    this.#batches.delete(id);
    await this.#removeFiles(id);
  }

  #removeFiles(id: string) {
    return Promise.all([rm(this.#file(id, 'json'), { force: true }), rm(this.#file(id, 'log'), { force: true })]);
  }

  get #logFile() {
    return join(this.#options.dataDir, this.#options.log);
  }

  #file(id: string, extension: 'json' | 'log') {
    return join(this.#dir, `${encodeURIComponent(id)}.${extension}`);
  }
}

/** The non-empty lines of the file at `path`; none when there is no file. */
export async function readLines(path: string): Promise<string[]> {
  const lines: string[] = [];
  try {
    for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim()) lines.push(line);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return lines;
}

/** `line` parsed, or undefined when a crash cut it short. */
export function parsed<T>(line: string): T | undefined {
  try {
    return JSON.parse(line) as T;
  } catch {
    return undefined;
  }
}

/** Why a send failed, for the log: never with an address (a mail server's refusal may name it). */
const reason = (error: unknown) =>
  (error instanceof Error ? error.message.split('\n')[0]! : String(error)).replace(
    /[^\s<>"']+@[^\s<>"']+/g,
    '<address>',
  );

const logFailure = (what: string, error: unknown) => console.error(`Could not ${what}:`, reason(error));
