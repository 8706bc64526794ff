import type { ChildProcess } from 'node:child_process';

/** A child's answer to the request with the same id: what was asked for, or why it failed. */
export type ChildReply = { id: number } & ({ ok: true } | { ok: false; error: string });

/**
 * Requests to a long-lived child process (the publishing process, the search process), each
 * answered by the reply that carries its id. A process that could not start or stopped fails the
 * requests it had, and the next request starts another.
 */
export class ChildRequests<Request extends { id: number }, Reply extends ChildReply> {
  #name: string;
  #start: () => ChildProcess;
  #child: ChildProcess | null = null;
  #nextId = 1;
  #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();

  /** `name` says which process in errors ("The search process stopped"); `start` forks it. */
  constructor(name: string, start: () => ChildProcess) {
    this.#name = name;
    this.#start = start;
  }

  /** Sends the request `make` builds with its id; resolves with the successful reply. */
  ask(make: (id: number) => Request): Promise<Extract<Reply, { ok: true }>> {
    const request = make(this.#nextId++);
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve: resolve as (reply: Reply) => void, reject });
      this.#ensureChild().send(request);
    });
  }

  async close(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }

  #ensureChild(): ChildProcess {
    if (this.#child) return this.#child;
    const child = this.#start();
    child.on('message', (reply: Reply) => this.#settle(reply));
    // A process that could not start or already stopped cannot be sent to: its requests fail, the
    // server goes on (an unheard 'error' would end it), and the next request starts another.
    child.on('error', (error) => this.#failAll(child, error));
    child.on('exit', (code, signal) =>
      this.#failAll(child, new Error(`The ${this.#name} stopped (${signal ?? code})`)),
    );
    this.#child = child;
    return child;
  }

  #settle(reply: Reply) {
    const waiter = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.ok) waiter?.resolve(reply);
    else waiter?.reject(new Error(reply.error));
  }

  #failAll(child: ChildProcess, error: Error) {
    if (this.#child === child) this.#child = null;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
