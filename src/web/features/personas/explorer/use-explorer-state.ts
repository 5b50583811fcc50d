import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { ExplorerTab } from '../../../lib/directory-tabs.js';
import { useDirectorySearch } from '../../../lib/use-directory-search.js';

/**
 * The explorer's tab and search. Both live in the address (?tab=&q=) so going back from a profile
 * returns to the same listing; the search reaches the server once typing pauses. Changing them is
 * no new page, so the window keeps its scroll position (preventScrollReset).
 */
export function useExplorerState(username: string) {
  const [params, setParams] = useSearchParams();

  const showTab = (next: ExplorerTab, clearSearch: boolean) => {
    const query = new URLSearchParams(params);
    query.set('tab', next.id);
    if (clearSearch) query.delete('q');
    setParams(query, { replace: true, preventScrollReset: true });
  };

  const { tabs, tab, search, settled, setSearch, selectTab, filter } = useDirectorySearch(username, {
    tabId: params.get('tab'),
    showTab,
    initialSearch: params.get('q') ?? '',
  });

  const typed = search.trim();
  useEffect(() => {
    // Only once typing has settled, and only when the address says something else.
    if (settled !== typed || (params.get('q') ?? '') === settled) return;
    const next = new URLSearchParams(params);
    if (settled) next.set('q', settled);
    else next.delete('q');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [settled, typed, params, setParams]);

  return { tabs, tab, search, setSearch, selectTab, filter, searching: settled !== '' };
}
