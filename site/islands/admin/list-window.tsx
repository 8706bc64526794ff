import { useDeferredValue, useId, useState } from 'react';

/** How many rows a dashboard list shows at first, and how many more each "Show more" adds. */
export const LIST_PAGE = 50;

/**
 * A long dashboard list, shown a page at a time (a list of 20,000 rows would take seconds to
 * render), optionally filtered by a case-insensitive search on each item's `text`.
 */
export function useListWindow<T>(items: readonly T[], text?: (item: T) => string) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(LIST_PAGE);
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const matching = text && deferred ? items.filter((item) => text(item).toLowerCase().includes(deferred)) : items;
  return {
    query,
    search: (next: string) => {
      setQuery(next);
      setShown(LIST_PAGE);
    },
    matching,
    visible: matching.slice(0, shown),
    hidden: Math.max(0, matching.length - shown),
    more: () => setShown((count) => count + LIST_PAGE),
  };
}

type ListWindow = ReturnType<typeof useListWindow>;

/** The search box of a list, with how many items match: "N of M". */
export function ListSearch({ list, total }: { list: ListWindow; total: number }) {
  const id = useId();
  return (
    <div className="list-search">
      <label htmlFor={id}>Search</label>
      <input id={id} type="search" value={list.query} onChange={(event) => list.search(event.target.value)} />
      <output htmlFor={id} aria-live="polite">
        {list.matching.length} of {total}
      </output>
    </div>
  );
}

/** The button under a list that shows the next page of it, when there is one. */
export function ShowMore({ list, noun }: { list: ListWindow; noun: string }) {
  if (list.hidden === 0) return null;
  return (
    <button type="button" className="secondary show-more" onClick={list.more}>
      Show {Math.min(LIST_PAGE, list.hidden)} more {noun} ({list.hidden} not shown)
    </button>
  );
}
