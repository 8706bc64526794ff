import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { EventInput } from '../../site/contract/content.ts';
import { splitEvents } from '../../site/lib/schedule.ts';
import { school } from '../../site/school.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import { itemIdParam } from '../http/path-params.ts';
import { contentWriter, itemIndex } from './content-writer.ts';

const GONE = 'This event no longer exists';

/** Events: the public list, and adding, editing and deleting them (each answers the list). */
export function eventRoutes(deps: AppDeps) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
  const write = contentWriter(deps);
  return new Hono()
    .get('/events', (c) => {
      const { upcoming, past } = splitEvents(deps.stores.content.data.events, new Date(), school.timeZone);
      return c.json([...upcoming, ...past]);
    })
    .post('/events', adminOnly, async (c) => {
      const input = await readJson(c, EventInput);
      const content = await write((draft) => void draft.events.push({ _id: randomUUID(), ...input }));
      return c.json(content.events, 201);
    })
    .put('/events/:id', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const input = await readJson(c, EventInput);
      const content = await write((draft) => {
        draft.events[itemIndex(draft.events, id, GONE)] = { _id: id, ...input };
      });
      return c.json(content.events);
    })
    .delete('/events/:id', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const content = await write((draft) => void draft.events.splice(itemIndex(draft.events, id, GONE), 1));
      return c.json(content.events);
    })
    .delete('/events/:id/image', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const content = await write((draft) => {
        draft.events[itemIndex(draft.events, id, GONE)]!.image = null;
      });
      return c.json(content.events);
    });
}
