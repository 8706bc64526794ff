/**
 * "Undo" after a delete: a section that deleted something calls offerUndo("News item deleted");
 * the UndoBar shows it with a button that restores the version of the content before the delete.
 */
type Listener = (what: string) => void;
const listeners = new Set<Listener>();

export function offerUndo(what: string): void {
  for (const listener of listeners) listener(what);
}

export function onUndoOffer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
