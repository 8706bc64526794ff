import { randomUUID } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { text } from '../../site/contract/fields.ts';
import { type Publication, publicationInput, StatusField, VersionField } from '../../site/contract/publication.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { readJsonBody, validate } from '../http/json-body.ts';
import { itemIdParam } from '../http/path-params.ts';
import type { ListAccess, WrittenList } from '../store/list-access.ts';
import { type Actor, editedItem, mayChange, newItem, withStatus } from '../workflow/publication-rules.ts';
import { refuseStale, sentVersion } from '../workflow/versions.ts';

export interface ListRouteSpec<Item extends { _id: string }, Input> {
  list: ListAccess<Item>;
  /** Lets the right accounts through (auth/require-admin.ts); everything but `publicList` sits behind it. */
  allow: MiddlewareHandler;
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
  /**
   * Items that wait for publishing (workflow/publication-rules.ts): PUT /{id}/status changes their
   * state, and a Contributor writes only drafts and changes only its own. `noun` names one in
   * messages ("this event"); the time zone is the school's.
   */
  publication?: { noun: string; timeZone: () => string };
}

/** PUT /{id}/status: the state, the publishing time (read in the school's time zone), a reviewer's note. */
export const statusChange = (timeZone: string) =>
  z.object({
    status: StatusField,
    publishAt: publicationInput(timeZone).publishAt,
    note: text('The note', 1000).optional(),
  });

/**
 * The routes of one list of items with server-made ids: POST / (201), PUT /{id}, DELETE /{id},
 * DELETE /{id}/image, PUT /{id}/status and GET /, each only when the spec of the list asks for it.
 * Every write answers the list as committed (with the ETag of the content, for a list of the
 * content); an unknown id is 404 and changes nothing. A PUT that sends the version it started
 * from is refused (412) when the item changed since (workflow/versions.ts).
 */
export function listRoutes<Item extends { _id: string }, Input>(spec: ListRouteSpec<Item, Input>): Hono<AdminEnv> {
  const { list, allow, gone, input, publication } = spec;
  const inputSchema = () => (typeof input === 'function' ? input() : input!);
  const answerItems = spec.answer ?? ((items) => items);
  /** The committed list, with the ETag of its document when there is one (Undo sends it back). */
  const answer = (c: Context, { items, etag }: WrittenList<Item>, status: 200 | 201 = 200) =>
    c.json(answerItems(items), status, etag ? { ETag: etag } : {});
  const idOf = (c: Context) => itemIdParam(c, gone);
  const actorOf = (c: Context<AdminEnv>): Actor => c.get('admin');
  /** The index of the item `id` in `draft`, once the account may change it (a Contributor: its drafts). */
  const changeable = (c: Context<AdminEnv>, draft: Item[], id: string) => {
    const index = itemIndex(draft, id, gone);
    if (publication) mayChange(draft[index] as Item & Publication, actorOf(c));
    return index;
  };
  /** Changes the item `id` in turn with every other write, once the account may change it. */
  const replace = (c: Context<AdminEnv>, id: string, change: (item: Item) => Item) =>
    list.write((draft) => {
      const index = changeable(c, draft, id);
      draft[index] = change(draft[index]!);
    });
  // The rules of items that wait for publishing; other lists' items are taken as they are made.
  const asNew = (c: Context<AdminEnv>, item: Item, body: Input) =>
    publication ? (newItem(item as Item & Publication, body as Publication, actorOf(c)) as Item) : item;
  const asEdited = (c: Context<AdminEnv>, item: Item, body: Input, previous: Item) =>
    publication
      ? (editedItem(
          item as Item & Publication,
          body as Publication,
          previous as Item & Publication,
          actorOf(c),
        ) as Item)
      : item;

  const routes = new Hono<AdminEnv>();
  if (spec.publicList) {
    const publicList = spec.publicList;
    routes.get('/', (c) => c.json(publicList(list.items())));
  }
  if (spec.create && input) {
    const create = spec.create;
    routes.post('/', allow, async (c) => {
      const body = validate(inputSchema(), await readJsonBody(c));
      const item = asNew(c, create(body, randomUUID()), body);
      const written = await list.write((draft) => void draft.push(item));
      noteForAudit(c, { target: item._id });
      return answer(c, written, 201);
    });
  }
  if (spec.update && input) {
    const update = spec.update;
    routes.put('/:id', allow, async (c) => {
      const id = idOf(c);
      const raw = await readJsonBody(c);
      const body = validate(inputSchema(), raw);
      const version = sentVersion(c, validate(VersionField, raw));
      const written = await replace(c, id, (previous) => {
        if (publication) {
          refuseStale(previous as Item & Publication, version, publication.noun, publication.timeZone());
        }
        return asEdited(c, update(body, previous), body, previous);
      });
      return answer(c, written);
    });
  }
  routes.delete('/:id', allow, async (c) => {
    const id = idOf(c);
    return answer(c, await list.write((draft) => void draft.splice(changeable(c, draft, id), 1)));
  });
  if (spec.withoutImage) {
    const withoutImage = spec.withoutImage;
    routes.delete('/:id/image', allow, async (c) => answer(c, await replace(c, idOf(c), withoutImage)));
  }
  if (publication) {
    routes.put('/:id/status', allow, async (c) => {
      const id = idOf(c);
      const { timeZone } = publication;
      const raw = await readJsonBody(c);
      const change = validate(statusChange(timeZone()), raw);
      const version = sentVersion(c, validate(VersionField, raw));
      const written = await replace(c, id, (previous) => {
        refuseStale(previous as Item & Publication, version, publication.noun, timeZone());
        return withStatus(previous as Item & Publication, change, actorOf(c)) as Item;
      });
      return answer(c, written);
    });
  }
  return routes;
}

/** The index of the item with `_id` in `list`, or 404 with `gone`. */
export function itemIndex(list: readonly { _id: string }[], id: string, gone: string): number {
  const index = list.findIndex((item) => item._id === id);
  if (index === -1) throw new HttpError(404, gone);
  return index;
}
