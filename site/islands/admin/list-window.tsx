import { useDeferredValue, useId, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '../../contract/admin-lists.ts';
import type { Failure } from './Alert.tsx';

/** How many rows a dashboard list shows at first, and how many more each "Show more" adds. */
export const LIST_PAGE = ADMIN_PAGE_SIZE;

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
    count: matching.length,
    visible: matching.slice(0, shown),
    hidden: Math.max(0, matching.length - shown),
    more: () => setShown((count) => count + LIST_PAGE),
  };
}

/** A list searched and shown a page at a time: here (useListWindow) or on the server (use-server-list.ts). */
interface ListWindow {
  query: string;
  search: (query: string) => void;
  /** How many items match the search. */
  count: number;
  /** How many of those are not shown yet. */
  hidden: number;
  more: () => void;
}

/** The search box of a list, with how many items match: "N of M". */
export function ListSearch({ list, total }: { list: ListWindow; total: number }) {
  const id = useId();
  return (
    <div className="list-search">
      <label htmlFor={id}>Search</label>
      <input id={id} type="search" value={list.query} onChange={(event) => list.search(event.target.value)} />
      <output htmlFor={id} aria-live="polite">
        {list.count} of {total}
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

/** Above a list read from the server: "Loading…" until its first page came, or why it failed, with Retry. */
export function ListStatus({
  list,
  noun,
}: {
  list: { items: readonly unknown[] | null; failure: Failure | null; retry: () => void };
  noun: string;
}) {
  if (list.failure) {
    return (
      <div className="alert" role="alert">
        <p>
          <strong>{list.failure.title}</strong>
          {list.failure.detail && <span className="alert-detail">{list.failure.detail}</span>}
        </p>
        <button type="button" className="secondary" onClick={list.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (list.items !== null) return null;
  return (
    <p className="list-loading" role="status">
      Loading the {noun}…
    </p>
  );
}
