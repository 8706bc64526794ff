/**
 * What became of each message sent to the subscribers: the outbox's summary of each batch
 * (`mail-log.jsonl`), and who left by a link of which message (`unsubscribes.jsonl`: the
 * message's id and the time, never who). The Subscribers view reads both.
 */
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SentMessage } from '../../site/contract/subscriptions.ts';
import { type BatchLog, mailLogFile, parsed, readLines } from './outbox.ts';

/** The messages the view lists, at most. */
const SHOWN = 200;

export class MailLog {
  readonly #dataDir: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  get #unsubscribes() {
    return join(this.#dataDir, 'unsubscribes.jsonl');
  }

  /** Counts one unsubscription by a link of the message `message`. */
  async recordUnsubscribe(message: string): Promise<void> {
    await appendFile(this.#unsubscribes, `${JSON.stringify({ message, at: new Date().toISOString() })}\n`);
  }

  /** The messages sent, newest first, each with what became of it. */
  async messages(): Promise<SentMessage[]> {
    const left = new Map<string, number>();
    for (const line of await readLines(this.#unsubscribes)) {
      const message = parsed<{ message?: string }>(line)?.message;
      if (message) left.set(message, (left.get(message) ?? 0) + 1);
    }
    const logs = (await readLines(mailLogFile(this.#dataDir))).flatMap((line) => parsed<BatchLog>(line) ?? []);
    return logs
      .reverse()
      .slice(0, SHOWN)
      .map(({ id, about, createdAt, finishedAt, counts }) => ({
        id,
        about: about ?? id,
        createdAt,
        finishedAt,
        ...counts,
        unsubscribedSince: left.get(id) ?? 0,
      }));
  }
}
