/**
 * Who is behind a content change: the administrator of the request being handled (the same
 * account the audit log names), else `system`. A route may also say in words what it did.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

interface Actor {
  context: Context;
  summary?: string;
}

const actors = new AsyncLocalStorage<Actor>();

/** Around every API call: changes made while it runs are credited to its administrator. */
export const trackActor = createMiddleware((c, next) => actors.run({ context: c }, next));

export function currentUsername(fallback = 'system'): string {
  const c = actors.getStore()?.context;
  const admin = c?.get('admin' as never) as { username?: string } | undefined;
  const note = c?.get('auditNote') as { username?: string } | undefined;
  return admin?.username ?? note?.username ?? fallback;
}

/** The summary a route gave the change it makes (e.g. "Restored version 12"), if any. */
export function currentSummary(): string | undefined {
  return actors.getStore()?.summary;
}

export function describeChange(summary: string): void {
  const actor = actors.getStore();
  if (actor) actor.summary = summary;
}

/** A slow download of the answer (a whole list) holds back what waits for it no longer than this. */
const ANSWER_WAIT_MS = 1000;

/**
 * Resolves once the answer to the request behind the current change has left, its connection
 * closed or a second passed (at once outside a request, or where no Node response is behind it):
 * for the work a change causes that its answer does not need.
 */
export function answered(): Promise<void> {
  const env = actors.getStore()?.context.env as { outgoing?: ServerResponse } | undefined;
  const response = env?.outgoing;
  if (!response || response.writableFinished || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ANSWER_WAIT_MS);
    response.once('finish', done);
    response.once('close', done);
  });
}
