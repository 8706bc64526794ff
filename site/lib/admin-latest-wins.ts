/**
 * Saves text fields as they are typed without piling up requests: one request at a time, and
 * what is typed meanwhile waits, only the newest text of each field. When the request ends, the
 * waiting texts go out together in the next one. So the last text typed is always the last one
 * sent, however slow the network.
 */
export type SaveState = 'saving' | 'saved' | 'failed';

export type SendChanges<K extends string, V = string> = (changes: Partial<Record<K, V>>) => Promise<void>;
export type StateListener<K extends string> = (field: K, state: SaveState, error?: unknown) => void;

/** Texts by default; `V` is what a field holds when it is not a text (the translations of several). */
export class LatestWinsSaver<K extends string, V = string> {
  #send: SendChanges<K, V>;
  #onState: StateListener<K>;
  #waiting = new Map<K, V>();
  #running: Promise<void> | null = null;

  constructor(send: SendChanges<K, V>, onState: StateListener<K>) {
    this.#send = send;
    this.#onState = onState;
  }

  edit(field: K, text: V): void {
    this.#waiting.set(field, text);
    this.#onState(field, 'saving');
    this.#sendNext();
  }

  /** True while a request runs or a text waits to be sent. */
  get busy(): boolean {
    return this.#running !== null || this.#waiting.size > 0;
  }

  /** Resolves once everything typed so far has been sent (or has failed). */
  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  #sendNext(): void {
    if (this.#running || this.#waiting.size === 0) return;
    const batch = new Map(this.#waiting);
    this.#waiting.clear();
    this.#running = this.#send(Object.fromEntries(batch) as Partial<Record<K, V>>)
      .then(
        () => this.#report(batch, 'saved'),
        (error: unknown) => this.#report(batch, 'failed', error),
      )
      .finally(() => {
        this.#running = null;
        this.#sendNext();
      });
  }

  /** A field typed into again meanwhile is still saving: its newer text is about to go out. */
  #report(batch: Map<K, V>, state: SaveState, error?: unknown): void {
    for (const field of batch.keys()) {
      if (!this.#waiting.has(field)) this.#onState(field, state, error);
    }
  }
}
