import { useMemo, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.js';
import { SEARCH_DEBOUNCE_MS, explorerTabs, findTab, tabFilter, type ExplorerTab } from './directory-tabs.js';

interface DirectorySearchOptions {
  /** The chosen tab's id, wherever the caller keeps it (the address, or local state). */
  tabId: string | null;
  /** Shows another tab; clearSearch says the search box was emptied with it. */
  showTab: (next: ExplorerTab, clearSearch: boolean) => void;
  initialSearch?: string;
}

/**
 * The directory's tabs and search box as one. A search looks through the whole directory: starting
 * to type moves to All (each hit's card names its tab), and a tab chosen afterwards narrows the
 * search to it. A keyword tab and the typed search cannot both be the query, so choosing a keyword
 * tab empties the box and typing on one moves to All. The search reaches the server (settled) only
 * once typing pauses.
 */
export function useDirectorySearch(
  username: string,
  { tabId, showTab, initialSearch = '' }: DirectorySearchOptions,
) {
  const tabs = useMemo(() => explorerTabs(username), [username]);
  const tab = findTab(tabs, tabId);
  const [search, setSearchText] = useState(initialSearch);
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();

  const selectTab = (next: ExplorerTab) => {
    const clear = next.kind === 'keyword';
    if (clear) setSearchText('');
    showTab(next, clear);
  };

  const setSearch = (value: string) => {
    const starting = search.trim() === '' || tab.kind === 'keyword';
    setSearchText(value);
    const all = tabs[0];
    if (value.trim() !== '' && starting && tab.kind !== 'all' && all) showTab(all, false);
  };

  return { tabs, tab, search, settled, setSearch, selectTab, filter: tabFilter(tab, settled, username) };
}
