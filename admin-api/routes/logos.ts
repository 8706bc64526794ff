import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { ImageRef } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import { itemIdParam } from '../http/path-params.ts';
import { contentWriter, itemIndex } from './content-writer.ts';

const GONE = 'This logo no longer exists';

/** The school's logos: added from an uploaded image, deleted. Both answer the logo list. */
export function logoRoutes(deps: AppDeps) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
  const write = contentWriter(deps);
  return new Hono()
    .post('/logos', adminOnly, async (c) => {
      const { imageId, originalName } = await readJson(c, ImageRef);
      const content = await write((draft) => void draft.logos.push({ _id: randomUUID(), imageId, originalName }));
      return c.json(content.logos, 201);
    })
    .delete('/logos/:id', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const content = await write((draft) => void draft.logos.splice(itemIndex(draft.logos, id, GONE), 1));
      return c.json(content.logos);
    });
}
