/**
 * Who may put what in which state. Administrators and Editors publish: a write that says nothing
 * about publishing publishes at once (so every call of the spec works as before), or it says
 * `status` and `publishAt`. A Contributor's writes are always drafts or submissions for review,
 * and a Contributor changes only its own items while they are not published.
 */
import type { Publication, Status } from '../../site/contract/publication.ts';
import { may, refusal } from '../../site/contract/roles.ts';
import { HttpError } from '../http/errors.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';

export type Actor = Pick<AdminAccount, '_id' | 'username' | 'role'>;

/** What a write asked about publishing. */
export interface PublicationRequest {
  status?: Status | undefined;
  publishAt?: string | null | undefined;
}

/** A change of state alone: submit, approve, schedule, return with a note, unpublish. */
export interface StatusChange extends PublicationRequest {
  status: Status;
  note?: string | undefined;
}

const NOT_YOURS = 'Only Administrator or Editor accounts can change a published item or a draft someone else wrote.';

/** A new item as `actor` writes it: its state, and its author. */
export function newItem<T extends Publication>(item: T, requested: PublicationRequest, actor: Actor): T {
  const author = { id: actor._id, username: actor.username };
  return { ...item, ...stateAfter(requested, actor, 'draft'), author };
}

/** `item` replacing `previous`: the author and the reviewer's note stay with it. */
export function editedItem<T extends Publication>(
  item: T,
  requested: PublicationRequest,
  previous: T,
  actor: Actor,
): T {
  mayChange(previous, actor);
  const state = stateAfter(requested, actor, previous.status);
  return withNote({ ...item, ...state, author: previous.author }, state.status, previous.reviewNote);
}

/** `item` in the state `change` asks for; a note goes with a draft sent back. */
export function withStatus<T extends Publication>(item: T, change: StatusChange, actor: Actor): T {
  mayChange(item, actor);
  // A note is a reviewer's: a Contributor taking back its own submission writes none.
  if (change.note !== undefined && !may(actor.role, 'publish')) throw new HttpError(403, refusal('publish'));
  const state = stateAfter(change, actor, item.status);
  return withNote({ ...item, ...state }, state.status, change.note ?? item.reviewNote);
}

/** Refuses (403) a change of `item` by a Contributor unless it wrote it and it is not published. */
export function mayChange(item: Publication, actor: Actor): void {
  if (may(actor.role, 'content')) return;
  if (item.author?.id !== actor._id || item.status === 'published') throw new HttpError(403, NOT_YOURS);
}

/**
 * The state a write leaves an item in. Without a status, publishers publish at once; a
 * Contributor's item stays as it was (`kept`: a new one is a draft). Publishing and scheduling are
 * refused to a Contributor.
 */
function stateAfter(requested: PublicationRequest, actor: Actor, kept: Status) {
  if (may(actor.role, 'publish')) {
    return { status: requested.status ?? ('published' as Status), publishAt: requested.publishAt ?? null };
  }
  if (requested.status === 'published' || (requested.publishAt ?? null) !== null) {
    throw new HttpError(403, refusal('publish'));
  }
  return { status: requested.status ?? (kept === 'published' ? 'draft' : kept), publishAt: null };
}

/** A reviewer's note stays until the item is published. */
function withNote<T extends Publication>(item: T, status: Status, note: string | undefined): T {
  const { reviewNote: _old, ...rest } = item;
  return status === 'published' || !note ? (rest as T) : { ...item, reviewNote: note };
}
