import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import {
  SEARCH_DEBOUNCE_MS,
  explorerTabs,
  findTab,
  tabFilter,
  type ExplorerTab,
} from '../../../lib/directory-tabs.js';

/**
 * The explorer's tab and search. Both live in the address (?tab=&q=) so going back from a profile
 * returns to the same listing; the search reaches the server once typing pauses.
 */
export function useExplorerState(username: string) {
  const [params, setParams] = useSearchParams();
  const tabs = useMemo(() => explorerTabs(username), [username]);
  const tab = findTab(tabs, params.get('tab'));
  const [search, setSearchText] = useState(() => params.get('q') ?? '');
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();

  const typed = search.trim();
  useEffect(() => {
    // Only once typing has settled, and only when the address says something else.
    if (settled !== typed || (params.get('q') ?? '') === settled) return;
    const next = new URLSearchParams(params);
    if (settled) next.set('q', settled);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [settled, typed, params, setParams]);

  const showTab = (next: ExplorerTab, clearSearch: boolean) => {
    const query = new URLSearchParams(params);
    query.set('tab', next.id);
    if (clearSearch) query.delete('q');
    setParams(query, { replace: true });
  };

  /** A keyword tab is a search of its own, so choosing one empties the search box. */
  const selectTab = (next: ExplorerTab) => {
    const clear = next.kind === 'keyword';
    if (clear) setSearchText('');
    showTab(next, clear);
  };

  /** Typing while on a keyword tab moves to All: the box and the keyword cannot both be the query. */
  const setSearch = (value: string) => {
    setSearchText(value);
    const all = tabs[0];
    if (value.trim() !== '' && tab.kind === 'keyword' && all) showTab(all, false);
  };

  const filter = tabFilter(tab, settled, username);
  return { tabs, tab, search, setSearch, selectTab, filter, searching: settled !== '' };
}
