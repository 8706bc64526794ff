/**
 * The item of `list` with the id `id`, from a map made once per list: a sender looks up each of
 * thousands of recipients in the same version of its document.
 */
const maps = new WeakMap<readonly { _id: string }[], Map<string, { _id: string }>>();

export function byId<T extends { _id: string }>(list: readonly T[], id: string): T | undefined {
  let map = maps.get(list);
  if (!map) {
    map = new Map(list.map((item) => [item._id, item]));
    maps.set(list, map);
  }
  return map.get(id) as T | undefined;
}
