import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { EventInput } from '../../site/lib/content-schema.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import type { AppDeps } from '../app.ts';

/** Events: created by administrators. */
export function eventRoutes({ stores, jwtSecret }: AppDeps) {
  const adminOnly = requireAdmin(jwtSecret, stores.admins);
  return new Hono().post('/events', adminOnly, async (c) => {
    const input = await readJson(c, EventInput);
    const { data } = await stores.content.update((content) => {
      content.events.push({ _id: randomUUID(), ...input });
    });
    return c.json(data.events, 201);
  });
}
