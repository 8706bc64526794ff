import { randomUUID } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type * as z from 'zod';
import { noteForAudit } from '../audit/record-changes.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { itemIdParam } from '../http/path-params.ts';
import type { ListAccess, WrittenList } from '../store/list-access.ts';

export interface ListRouteSpec<Item extends { _id: string }, Input> {
  list: ListAccess<Item>;
  /** Lets administrators through; everything the factory makes but `publicList` sits behind it. */
  adminOnly: MiddlewareHandler;
  /** The 404 message for an id that names no item (deleted meanwhile, perhaps in another tab). */
  gone: string;
  /** What a POST (and a PUT, when `update` is set) sends; a function when it depends on the content. */
  input?: z.ZodType<Input> | (() => z.ZodType<Input>);
  /** POST: the new item made from the request, with its new id. */
  create?: (input: Input, _id: string) => Item;
  /** PUT /{id}: the item that replaces `previous`. */
  update?: (input: Input, previous: Item) => Item;
  /** DELETE /{id}/image: the item without its image. */
  withoutImage?: (item: Item) => Item;
  /** GET /: what anyone may read (the public lists); without it, GET is not offered. */
  publicList?: (items: readonly Item[]) => unknown;
  /** What writes answer: the whole list, unless a list answers in another order. */
  answer?: (items: readonly Item[]) => unknown;
}

/**
 * The routes of one list of items with server-made ids: POST / (201), PUT /{id}, DELETE /{id},
 * DELETE /{id}/image and GET /, each only when the spec of the list asks for it. Every write
 * answers the list as committed (with the ETag of the content, for a list of the content); an
 * unknown id is 404 and changes nothing.
 */
export function listRoutes<Item extends { _id: string }, Input>(spec: ListRouteSpec<Item, Input>): Hono {
  const { list, adminOnly, gone } = spec;
  const input = spec.input;
  const inputSchema = () => (typeof input === 'function' ? input() : input!);
  const answerItems = spec.answer ?? ((items) => items);
  /** The committed list, with the ETag of its document when there is one (Undo sends it back). */
  const answer = (c: Context, { items, etag }: WrittenList<Item>, status: 200 | 201 = 200) =>
    c.json(answerItems(items), status, etag ? { ETag: etag } : {});
  const idOf = (c: Context) => itemIdParam(c, gone);
  const replace = (id: string, change: (item: Item) => Item) =>
    list.write((draft) => {
      const index = itemIndex(draft, id, gone);
      draft[index] = change(draft[index]!);
    });

  const routes = new Hono();
  if (spec.publicList) {
    const publicList = spec.publicList;
    routes.get('/', (c) => c.json(publicList(list.items())));
  }
  if (spec.create && input) {
    const create = spec.create;
    routes.post('/', adminOnly, async (c) => {
      const item = create(await readJson(c, inputSchema()), randomUUID());
      const written = await list.write((draft) => void draft.push(item));
      noteForAudit(c, { target: item._id });
      return answer(c, written, 201);
    });
  }
  if (spec.update && input) {
    const update = spec.update;
    routes.put('/:id', adminOnly, async (c) => {
      const id = idOf(c);
      const body = await readJson(c, inputSchema());
      return answer(c, await replace(id, (previous) => update(body, previous)));
    });
  }
  routes.delete('/:id', adminOnly, async (c) => {
    const id = idOf(c);
    return answer(c, await list.write((draft) => void draft.splice(itemIndex(draft, id, gone), 1)));
  });
  if (spec.withoutImage) {
    const withoutImage = spec.withoutImage;
    routes.delete('/:id/image', adminOnly, async (c) => answer(c, await replace(idOf(c), withoutImage)));
  }
  return routes;
}

/** The index of the item with `_id` in `list`, or 404 with `gone`. */
export function itemIndex(list: readonly { _id: string }[], id: string, gone: string): number {
  const index = list.findIndex((item) => item._id === id);
  if (index === -1) throw new HttpError(404, gone);
  return index;
}
