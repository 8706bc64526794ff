import { useEffect, useState } from 'react';

/** How long a search waits after the last keystroke before asking the server. */
const SEARCH_DELAY_MS = 250;

/**
 * A search box whose text is asked of the server once typing pauses: `query` is what the box
 * holds, `q` what to search for (trimmed, a quarter of a second after the last keystroke).
 */
export function useTypedSearch() {
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(query.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  return { query, setQuery, q };
}
