import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { DEFAULT_TIME_ZONE } from '../../site/contract/dates.ts';
import { text } from '../../site/contract/fields.ts';
import {
  type Publication,
  publicationInput,
  StatusField,
  VersionField,
  withoutPrivateSchema,
} from '../../site/contract/publication.ts';
import { PERMISSIONS, type Permission, rolesText } from '../../site/contract/roles.ts';
import { allInLanguage, keepTranslations, type Translatable } from '../../site/contract/translations.ts';
import { noteForAudit } from '../audit/record-changes.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { readJsonBody, validate } from '../http/json-body.ts';
import { LanguageQuery, requestedLanguage } from '../http/language-query.ts';
import { itemIdParam } from '../http/path-params.ts';
import { prefersMinimal } from '../http/prefer-minimal.ts';
import type { Op } from '../openapi/operation.ts';
import type { Tag } from '../openapi/tags.ts';
import type { ListAccess, WrittenList } from '../store/list-access.ts';
import { type Actor, editedItem, mayChange, newItem, withStatus } from '../workflow/publication-rules.ts';
import { refuseStale, sentVersion } from '../workflow/versions.ts';

/** The calls a list may offer, as the texts of the API reference name them. */
type ListCall = 'create' | 'update' | 'remove' | 'removeImage' | 'status';

export interface ListRouteSpec<Item extends { _id: string }, Input> {
  list: ListAccess<Item>;
  /**
   * `op` of the route module (openapi/operation.ts): each call's description, and the check that
   * lets only the roles of `permission` through. Everything but `publicList` needs `permission`.
   */
  op: Op;
  permission: Permission;
  /** The group of the API reference the calls are in. */
  tag: Tag;
  /**
   * How the reference names one item and the list: `{ one: 'an event', many: 'the events' }` gives
   * "Add an event", "The events as stored". `summaries` replaces a call's summary ("Mark a message read").
   */
  words: { one: string; many: string };
  summaries?: Partial<Record<ListCall, string>>;
  /** An item as the list stores it and writes answer it (the public list: without its private fields). */
  item: z.ZodObject;
  /** The 404 message for an id that names no item (deleted meanwhile, perhaps in another tab). */
  gone: string;
  /**
   * What a POST (and a PUT, when `update` is set) sends; a function of the school's time zone
   * (`publication.timeZone`) when it reads dates in it: the reference shows it in the default one.
   */
  input?: z.ZodType<Input> | ((timeZone: string) => z.ZodType<Input>);
  /** A POST body for the reference. */
  example?: unknown;
  /** POST: the new item made from the request, with its new id. */
  create?: (input: Input, _id: string) => Item;
  /** PUT /{id}: the item that replaces `previous`. */
  update?: (input: Input, previous: Item) => Item;
  /** DELETE /{id}/image: the item without its image. */
  withoutImage?: (item: Item) => Item;
  /**
   * GET /: what anyone may read (the public lists), items without their private fields, with the
   * reference's summary ("The published events") and more words if any; without it, no GET.
   */
  publicList?: {
    summary: string;
    description?: string;
    items: (items: readonly Item[]) => readonly Item[];
    /** The site's languages, which `?lang` may ask for. */
    languages: () => readonly string[];
  };
  /** What writes answer, when not the whole list as stored: the list in another order ("newest first"). */
  answer?: { order: string; items: (items: readonly Item[]) => unknown };
  /** What the ETag of a write's answer names, for a list whose writes send one (`WrittenList.etag`). */
  etag?: string;
  /**
   * Items that wait for publishing (workflow/publication-rules.ts): PUT /{id}/status changes their
   * state, and a Contributor writes only drafts and changes only its own. `noun` names one in
   * messages ("this event"); the time zone is the school's.
   */
  publication?: { noun: string; timeZone: () => string };
  /** Items that do not wait for publishing but still refuse a stale save (412), as `publication` does. */
  versioned?: { noun: string; timeZone: () => string };
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
 * content), or no body when asked (`Prefer: return=minimal`); an unknown id is 404 and changes
 * nothing. A PUT that sends the version it started from is refused (412) when the item changed
 * since (workflow/versions.ts).
 */
export function listRoutes<Item extends { _id: string }, Input>(spec: ListRouteSpec<Item, Input>): Hono<AdminEnv> {
  const { list, gone, input, publication } = spec;
  const inputSchema = (timeZone: string) => (typeof input === 'function' ? input(timeZone) : input!);
  const schoolTimeZone = () => publication?.timeZone() ?? DEFAULT_TIME_ZONE;
  const answerItems = spec.answer?.items ?? ((items: readonly Item[]) => items);
  const described = listDescriptions(spec);
  /**
   * The committed list, with the ETag of its document when there is one (Undo sends it back); only
   * the ETag when the client prefers a minimal answer (the dashboard: at 20,000 items the list is
   * megabytes it would not keep).
   */
  const answer = (c: Context, { items, etag, json }: WrittenList<Item>, status: 200 | 201 = 200) => {
    const headers: Record<string, string> = etag ? { ETag: etag } : {};
    if (prefersMinimal(c)) return c.body(null, status, { ...headers, 'Preference-Applied': 'return=minimal' });
    // The list as stored: its bytes are the ones the store made for the file, not made again.
    if (json && !spec.answer) return c.body(json(), status, { ...headers, 'Content-Type': 'application/json' });
    return c.json(answerItems(items), status, headers);
  };
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
    routes.get('/', described.publicList(), (c) => {
      const language = requestedLanguage(c, publicList.languages());
      return c.json(allInLanguage(publicList.items(list.items()) as readonly (Item & Translatable)[], language));
    });
  }
  if (spec.create && input) {
    const create = spec.create;
    routes.post('/', described.create(), async (c) => {
      const body = validate(inputSchema(schoolTimeZone()), await readJsonBody(c));
      const item = asNew(c, create(body, randomUUID()), body);
      const written = await list.write((draft) => void draft.push(item));
      noteForAudit(c, { target: item._id });
      return answer(c, written, 201);
    });
  }
  if (spec.update && input) {
    const update = spec.update;
    routes.put('/:id', described.update(), async (c) => {
      const id = idOf(c);
      const raw = await readJsonBody(c);
      const body = validate(inputSchema(schoolTimeZone()), raw);
      const version = sentVersion(c, validate(VersionField, raw));
      const versioned = publication ?? spec.versioned;
      const written = await replace(c, id, (previous) => {
        if (versioned) {
          refuseStale(previous as Item & Publication, version, versioned.noun, versioned.timeZone());
        }
        const updated = keepTranslations(
          update(body, previous) as Item & Translatable,
          raw as object,
          previous as Translatable,
        );
        return asEdited(c, updated, body, previous);
      });
      return answer(c, written);
    });
  }
  routes.delete('/:id', described.remove(), async (c) => {
    const id = idOf(c);
    return answer(c, await list.write((draft) => void draft.splice(changeable(c, draft, id), 1)));
  });
  if (spec.withoutImage) {
    const withoutImage = spec.withoutImage;
    routes.delete('/:id/image', described.removeImage(), async (c) =>
      answer(c, await replace(c, idOf(c), withoutImage)),
    );
  }
  if (publication) {
    routes.put('/:id/status', described.status(), async (c) => {
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

/** `schema` with the `version` a save started from (workflow/versions.ts), as the reference shows a PUT body. */
export function withVersion(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject ? schema.safeExtend(VersionField.shape) : z.intersection(schema, VersionField);
}

type Refusals = Record<number, string>;
const capitalized = (words: string) => `${words[0]!.toUpperCase()}${words.slice(1)}`;

/** The `op(…)` of each call of the list: what the API reference says of it, and its role check. */
function listDescriptions<Item extends { _id: string }, Input>(spec: ListRouteSpec<Item, Input>) {
  const { op, permission, tag, words, summaries = {}, gone, input, publication } = spec;
  const body = input && (typeof input === 'function' ? input(DEFAULT_TIME_ZONE) : input);
  const many = capitalized(words.many);
  const order = spec.answer ? `, ${spec.answer.order}` : '';
  const stored = (what: string) => ({
    description: `${what} With \`Prefer: return=minimal\`, no body (\`Preference-Applied: return=minimal\`).`,
    schema: z.array(spec.item),
    ...(spec.etag ? { headers: { ETag: spec.etag } } : {}),
  });
  const asStored = { 200: stored(`${many} as stored${order}.`) };
  const notFound: Refusals = {
    404: `${gone}: the id names none of ${words.many} (deleted meanwhile, perhaps in another tab).`,
  };
  const versioned = publication ?? spec.versioned;
  const stale: Refusals = versioned
    ? {
        412: `${capitalized(versioned.noun)} changed since the \`version\` sent (or \`If-Match\`): nothing was saved; the answer says who changed it and when, and holds it as it is now (\`current\`).`,
      }
    : {};
  // A Contributor (drafts) writes drafts of its own: the rules of workflow/publication-rules.ts.
  const roles = `The account's role may not: only ${rolesText(PERMISSIONS[permission].roles)} accounts can.`;
  const contributor = (rule: string): Refusals => (publication ? { 403: `${roles} ${rule}` } : {});
  const notYours = `A Contributor may change only its own ${words.many.replace(/^the /, '')} while they are not published, and cannot publish or schedule them.`;
  const scheduled = body instanceof z.ZodObject && 'publishAt' in body.shape;
  const publishing = publication
    ? ` Administrators and Editors publish it at once unless \`status\`${scheduled ? ' or `publishAt`' : ''} says otherwise; a Contributor’s is a draft, or waits for review with \`status: "review"\`.`
    : '';
  return {
    publicList: () =>
      op({
        tag,
        summary: spec.publicList!.summary,
        ...(spec.publicList!.description ? { description: spec.publicList!.description } : {}),
        query: LanguageQuery,
        answers: {
          200: {
            description: `${many} visitors may see now, without who wrote or changed them.`,
            schema: z.array(withoutPrivateSchema(spec.item)),
          },
        },
      }),
    create: () =>
      op({
        tag,
        summary: summaries.create ?? `Add ${words.one}`,
        description: `The server gives the new item its \`_id\`.${publishing}`,
        permission,
        body,
        ...(spec.example === undefined ? {} : { example: spec.example }),
        answers: { 201: stored(`${many} as stored, with the new one${order}.`) },
        refusals: contributor(`A Contributor cannot publish${scheduled ? ' or schedule' : ''}.`),
      }),
    update: () =>
      op({
        tag,
        summary: summaries.update ?? `Change ${words.one}`,
        ...(spec.create || versioned
          ? {
              description: [
                spec.create ? 'Send the whole item, as for adding it.' : '',
                versioned
                  ? 'Send the `version` it started from (or `If-Match`) so that a change made meanwhile is not overwritten.'
                  : '',
              ]
                .filter(Boolean)
                .join(' '),
            }
          : {}),
        permission,
        body: body && (versioned ? withVersion(body) : body),
        answers: asStored,
        refusals: { ...notFound, ...stale, ...contributor(notYours) },
      }),
    remove: () =>
      op({
        tag,
        summary: summaries.remove ?? `Delete ${words.one}`,
        permission,
        answers: asStored,
        refusals: { ...notFound, ...contributor(notYours) },
      }),
    removeImage: () =>
      op({
        tag,
        summary: summaries.removeImage ?? `Remove the image of ${words.one}`,
        description: 'The item stays, without an image.',
        permission,
        answers: asStored,
        refusals: { ...notFound, ...contributor(notYours) },
      }),
    status: () =>
      op({
        tag,
        summary: summaries.status ?? `Change the state of ${words.one}`,
        description:
          'Send it for review, publish it (now, or at `publishAt`, a time in the school’s time zone), send it back to its writer with a `note`, or make it a draft again. Send the `version` it started from (or `If-Match`) so that a change made meanwhile is not overwritten.',
        permission,
        body: withVersion(statusChange(DEFAULT_TIME_ZONE)),
        example: { status: 'review' },
        answers: asStored,
        refusals: {
          ...notFound,
          ...stale,
          ...contributor(`${notYours.replace(/\.$/, '')}, nor write a reviewer’s note.`),
        },
      }),
  };
}

/** The index of the item with `_id` in `list`, or 404 with `gone`. */
export function itemIndex(list: readonly { _id: string }[], id: string, gone: string): number {
  const index = list.findIndex((item) => item._id === id);
  if (index === -1) throw new HttpError(404, gone);
  return index;
}
