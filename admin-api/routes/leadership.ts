import { type Context, Hono } from 'hono';
import { ImageRef, imageField, LEADERSHIP_ROLES } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireRole } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import { oneOf } from '../http/path-params.ts';
import { contentWriter } from '../store/content-writer.ts';
import { contentAnswer } from './content.ts';

const NO_SUCH_ROLE = `There is no such leadership role (one of ${LEADERSHIP_ROLES.join(', ')})`;

/** The images of the five leadership roles (their messages change through PUT /api/content). */
export function leadershipRoutes(deps: AppDeps) {
  const allowed = requireRole(deps.jwtSecret, deps.stores.admins, 'content');
  const write = contentWriter(deps);
  const roleOf = (c: Context) => oneOf(LEADERSHIP_ROLES, c.req.param('role') ?? '', NO_SUCH_ROLE);
  return new Hono()
    .put('/person-image/:role', allowed, async (c) => {
      const role = roleOf(c);
      const image = await readJson(c, ImageRef);
      return contentAnswer(
        c,
        deps.stores,
        await write((draft) => {
          draft[imageField(role)] = image;
        }),
      );
    })
    .delete('/person-image/:role', allowed, async (c) => {
      const role = roleOf(c);
      return contentAnswer(
        c,
        deps.stores,
        await write((draft) => {
          draft[imageField(role)] = null;
        }),
      );
    });
}
