import { Hono } from 'hono';
import { EDITING_TARGET } from '../../site/contract/presence.ts';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, permissions } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { PresenceBoard } from '../presence/presence-board.ts';

/**
 * GET /api/admin/presence?editing=<target>: says that the signed-in account has `target` open
 * (`settings`, `pages/admissions`, `events/<id>`…; empty: nothing) and answers who else has it
 * open. A read that only touches memory, so asking every few seconds adds nothing to the audit log.
 */
export function presenceRoutes(deps: AppDeps) {
  const board = new PresenceBoard();
  return new Hono<AdminEnv>().get('/admin/presence', permissions(deps)('signedIn'), (c) => {
    const editing = c.req.query('editing') ?? '';
    if (editing !== '' && !EDITING_TARGET.test(editing)) {
      throw new HttpError(400, 'editing must name what is open, such as settings or events/<id>');
    }
    const { _id, username } = c.get('admin');
    return c.json({ editing: board.visit(_id, username, editing || null) });
  });
}
