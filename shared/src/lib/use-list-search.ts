import { useCallback, useState } from 'react';
import type { SortState } from '../ui/SortHeader';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A searched, paged list's state: what is typed, the trimmed term once typing pauses (what
 * the server is asked), and the page — back to the first one as soon as the search changes.
 */
export function useListSearch(delayMs = 300) {
  const [search, setSearchState] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), delayMs);
  const setSearch = useCallback((value: string) => {
    setSearchState(value);
    setPage(1);
  }, []);
  /** For the list's other filters: the new filter shows its first page. */
  const firstPage = useCallback(() => setPage(1), []);
  return { search, setSearch, term, page, setPage, firstPage };
}

/**
 * useListSearch plus the column the server sorts by: a new order, like a new search,
 * starts again from page 1 (in the same render, so the old page is never asked for).
 */
export function useListState<S extends string = string>(initialSort: SortState<S>, delayMs = 300) {
  const list = useListSearch(delayMs);
  const [sort, setSortState] = useState<SortState<S>>(initialSort);
  const { setPage } = list;
  const setSort = useCallback(
    (next: SortState<S>) => {
      setSortState(next);
      setPage(1);
    },
    [setPage],
  );
  return { ...list, sort, setSort };
}
