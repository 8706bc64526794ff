import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ADMIN_LIST_KEYS,
  ADMIN_LISTS,
  ADMIN_PAGE_SIZE,
  type AdminListKey,
  type AdminListPage,
} from '../../contract/admin-lists.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { type Failure, failureOf } from './Alert.tsx';
import { useTypedSearch } from './use-typed-search.ts';

interface Shown<T> {
  items: T[];
  total: number;
  matching: number;
  /** How many pages of the search the items are. */
  pages: number;
  /** The search these items answer. */
  q: string;
}

/** GET /api/admin/{key}: page `page` of the list, of the items whose title (caption) holds `q`. */
export function readPage<T>(key: AdminListKey, page: number, q = ''): Promise<AdminListPage<T>> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
  if (q) params.set('q', q);
  return adminRequest<AdminListPage<T>>(`/api/admin/${key}?${params}`);
}

/** The first page of each long list, read with the dashboard so that a view shows its list at once. */
export type FirstPages = Partial<Record<AdminListKey, AdminListPage<never>>>;

export async function readFirstPages(): Promise<FirstPages> {
  const pages = await Promise.all(ADMIN_LIST_KEYS.map((key) => readPage<never>(key, 1).catch(() => undefined)));
  return Object.fromEntries(ADMIN_LIST_KEYS.map((key, i) => [key, pages[i]]));
}

/** A long list of the content read from the server a page at a time (GET /api/admin/{key}): see usePagedList. */
export function useServerList<T extends { _id: string }>(
  key: AdminListKey,
  revision: number,
  first?: AdminListPage<T>,
) {
  const read = useCallback((page: number, search: string) => readPage<T>(key, page, search), [key]);
  return usePagedList(read, ADMIN_LISTS[key].noun, revision, first);
}

/**
 * A long list of the dashboard read from the server a page at a time by `read`, searched on the
 * server as the person types: "Show more" appends the next page. When `revision` changes (this tab
 * wrote to the list) the pages shown are read again, so a write's answer — the whole list — need
 * not be kept. `first` is its first page when already read; `noun` names the items in messages.
 * `read` must keep its identity between renders (useCallback).
 */
export function usePagedList<T extends { _id: string }>(
  read: (page: number, q: string) => Promise<AdminListPage<T>>,
  noun: string,
  revision: number,
  first?: AdminListPage<T>,
) {
  const { query, setQuery, q } = useTypedSearch();
  const [shown, setShown] = useState<Shown<T> | null>(() =>
    first ? { items: first.items, total: first.total, matching: first.matching, pages: 1, q: '' } : null,
  );
  const skipFirstRead = useRef(first !== undefined);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [reads, setReads] = useState(0);
  // Answers to an older search or revision are dropped when they come late.
  const generation = useRef(0);
  const pagesShown = useRef(1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` and `reads` ask for a new read
  useEffect(() => {
    if (skipFirstRead.current) {
      skipFirstRead.current = false;
      return;
    }
    const mine = ++generation.current;
    const sameSearch = shown?.q === q;
    const pages = sameSearch ? pagesShown.current : 1;
    Promise.all(Array.from({ length: pages }, (_, i) => read(i + 1, q))).then(
      (answers) => {
        if (mine !== generation.current) return;
        const last = answers.at(-1)!;
        pagesShown.current = pages;
        setShown({
          items: unique(answers.flatMap((answer) => answer.items)),
          total: last.total,
          matching: last.matching,
          pages,
          q,
        });
        setFailure(null);
      },
      (error: unknown) => mine === generation.current && setFailure(failureOf(`Failed to load the ${noun}`, error)),
    );
  }, [read, q, revision, reads]);

  async function more() {
    if (!shown) return;
    const mine = generation.current;
    try {
      const next = await read(shown.pages + 1, shown.q);
      if (mine !== generation.current) return;
      pagesShown.current = shown.pages + 1;
      setShown({
        ...shown,
        items: unique([...shown.items, ...next.items]),
        total: next.total,
        matching: next.matching,
        pages: shown.pages + 1,
      });
    } catch (error) {
      if (mine === generation.current) setFailure(failureOf(`Failed to load more ${noun}`, error));
    }
  }

  return {
    /** What is typed in the search box. */
    query,
    search: setQuery,
    /** Null until the first page came. */
    items: shown?.items ?? null,
    total: shown?.total ?? 0,
    count: shown?.matching ?? 0,
    hidden: shown ? Math.max(0, shown.matching - shown.items.length) : 0,
    more,
    failure,
    retry: () => setReads((count) => count + 1),
    /** Shows `item` as stored now (after a refused stale save: their version) until the next read. */
    replace: (item: T) =>
      setShown((old) => old && { ...old, items: old.items.map((one) => (one._id === item._id ? item : one)) }),
  };
}

/** `items` without a second copy of any (a page read after an insert repeats the last of the one before). */
function unique<T extends { _id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item._id) && seen.add(item._id));
}
