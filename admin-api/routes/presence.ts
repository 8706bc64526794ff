import { Hono } from 'hono';
import { EDITING_TARGET, PresenceAnswer, PresenceQuery } from '../../site/contract/presence.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { operations } from '../openapi/operation.ts';
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
  return new Hono<AdminEnv>().get(
    '/admin/presence',
    operations(deps)({
      tag: 'Publishing',
      summary: 'Who else has it open',
      description:
        'Says that the signed-in account has something open in the dashboard (`?editing=`), and answers who else has it open; ' +
        'ask again every few seconds, or the account counts as gone after 25 s. `?closed=`: it is closed now.',
      permission: 'signedIn',
      query: PresenceQuery,
      answers: {
        200: { description: 'The other accounts with it open (none after `closed`).', schema: PresenceAnswer },
      },
    }),
    (c) => {
      const { _id, username } = c.get('admin');
      const editing = c.req.query('editing');
      const closed = c.req.query('closed');
      if (closed !== undefined) {
        // Sent with both: each must name a target, though only the closing counts.
        if (editing !== undefined) targetIn(editing);
        board.leave(_id, targetIn(closed));
        return c.json({ editing: [] } satisfies PresenceAnswer);
      }
      return c.json({ editing: board.visit(_id, username, targetIn(editing)) } satisfies PresenceAnswer);
    },
  );
}
