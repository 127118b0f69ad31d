import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A searched, paged list's state: what is typed, the trimmed term once typing pauses (what
 * the server is asked), and the page — back to the first one as soon as the search changes.
 */
export function useListSearch(delayMs = 300) {
  const [search, setSearchState] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), delayMs);
  const setSearch = (value: string) => {
    setSearchState(value);
    setPage(1);
  };
  return { search, setSearch, term, page, setPage };
}
