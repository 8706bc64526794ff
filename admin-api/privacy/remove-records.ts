/** A list of personal records in its document (alumni.json, messages.json), as the privacy rules change it. */
export interface RecordList<K extends string, T> {
  readonly data: { [P in K]: T[] };
  update(change: (draft: { [P in K]: T[] }) => void, checks?: { forget?: boolean }): Promise<unknown>;
}

/**
 * Removes the records of the list `key` that `pick` chooses, in turn with every other write, and
 * answers them; a list with none to remove is not written at all. The copy of the file kept before
 * a change (`.bak`) keeps none of them either.
 */
export async function removeRecords<K extends string, T>(
  store: RecordList<K, T>,
  key: K,
  pick: (record: T) => boolean,
): Promise<T[]> {
  if (!store.data[key].some(pick)) return [];
  let removed: T[] = [];
  await store.update(
    (draft) => {
      removed = store.data[key].filter(pick);
      draft[key] = draft[key].filter((record) => !pick(record));
    },
    { forget: true },
  );
  return removed;
}
