import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AdminEnv } from '../auth/require-admin.ts';
import { clientAddress } from '../http/client-address.ts';
import { auditAction } from './audit-action.ts';
import type { AuditLog } from './audit-log.ts';

/** What a route may add to its entry when its path does not say it (a new item's id). */
export interface AuditNote {
  target?: string;
  /** Who, when no administrator's token is behind the call (the first-time setup). */
  username?: string;
  /** A read worth a trace (a look at personal data): its action, `inbox.read`… */
  look?: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    auditNote: AuditNote;
  }
}

export function noteForAudit(c: Context, note: AuditNote): void {
  c.set('auditNote', { ...c.get('auditNote'), ...note });
}

/**
 * Records the read being answered as a look at personal data: who, when and what (`action`, and a
 * `target` that never holds the data itself).
 */
export function noteLook(c: Context, action: string, target = ''): void {
  noteForAudit(c, { look: action, target });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The same change by the same person again within this time adds no entry: a leadership message
 * saves on every keystroke, and one entry says enough about that.
 */
const REPEAT_MS = 60_000;

/**
 * Records every successful write made by an administrator: who, from where, what (named after
 * the route, see audit-action.ts) and which (the route's path parameters, or the route's note);
 * and every read a route noted as a look at personal data (`noteLook`).
 * Writes anyone may make (an alumni registration) are not an administrator's change; logins are
 * recorded by the login route. The entry is written before the answer leaves.
 */
export function recordChanges({ audit, trustProxy }: { audit: AuditLog; trustProxy: boolean }) {
  let previous: { key: string; at: number } | null = null;
  return createMiddleware<AdminEnv>(async (c, next) => {
    await next();
    const note = c.get('auditNote') ?? {};
    if ((READS.has(c.req.method) && !note.look) || c.res.status >= 400) return;
    const admin = c.get('admin') as AdminEnv['Variables']['admin'] | undefined;
    const username = note.username ?? admin?.username;
    if (!username) return;
    const entry = {
      username,
      action: note.look ?? auditAction(c.req.method, routePath(c)),
      target: note.target ?? Object.values(c.req.param()).join('/'),
      address: clientAddress(c, trustProxy),
    };
    const key = JSON.stringify(entry);
    const now = Date.now();
    const repeated = previous?.key === key && now - previous.at < REPEAT_MS;
    previous = { key, at: now };
    if (repeated) return;
    await audit.tryRecord(entry);
  });
}
