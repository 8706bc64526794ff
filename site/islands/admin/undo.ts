/**
 * "Undo" after a delete: a section deletes through `deleteWithUndo`, and the UndoBar shows
 * "News item deleted. Undo", whose button restores the version of the content before the delete,
 * as long as nothing has changed since (the delete's ETag goes back as If-Match).
 */
import { adminExchange, writeToList } from '../../lib/admin-api.ts';

/** What was deleted ("News item deleted") and the ETag of the content the delete left. */
export interface UndoOffer {
  what: string;
  etag: string | null;
}
type Listener = (offer: UndoOffer) => void;
const listeners = new Set<Listener>();

export function offerUndo(offer: UndoOffer): void {
  for (const listener of listeners) listener(offer);
}

export function onUndoOffer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** DELETE `path` (an item of the content); answers the list as the server left it and offers Undo. */
export async function deleteWithUndo<T>(path: string, what: string): Promise<T> {
  const { body, headers } = await adminExchange<T>(path, { method: 'DELETE' });
  offerUndo({ what, etag: headers.get('etag') });
  return body;
}

/** DELETE `path`, an item of a long list (answered without the list: writeToList), and offers Undo. */
export async function deleteFromListWithUndo(path: string, what: string): Promise<void> {
  const headers = await writeToList(path, { method: 'DELETE' });
  offerUndo({ what, etag: headers.get('etag') });
}
