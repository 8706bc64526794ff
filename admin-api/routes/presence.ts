import { Hono } from 'hono';
import { EDITING_TARGET } from '../../site/contract/presence.ts';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, permissions } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { PresenceBoard } from '../presence/presence-board.ts';

const BAD_TARGET = 'Name what is open as settings, pages/<slug>, leadership/<role> or <list>/<id>';

/**
 * GET /api/admin/presence?editing=<target>: says that the signed-in account has `target` open
 * (`settings`, `pages/admissions`, `events/<id>`…) and answers who else has it open;
 * `?closed=<target>`: it is closed. Reads that only touch memory, so asking every few seconds adds
 * nothing to the audit log.
 */
export function presenceRoutes(deps: AppDeps) {
  const board = new PresenceBoard();
  const targetIn = (value: string | undefined) => {
    if (value === undefined || !EDITING_TARGET.test(value)) throw new HttpError(400, BAD_TARGET);
    return value;
  };
  return new Hono<AdminEnv>().get('/admin/presence', permissions(deps)('signedIn'), (c) => {
    const { _id, username } = c.get('admin');
    const closed = c.req.query('closed');
    if (closed !== undefined) {
      board.leave(_id, targetIn(closed));
      return c.json({ editing: [] });
    }
    return c.json({ editing: board.visit(_id, username, targetIn(c.req.query('editing'))) });
  });
}
