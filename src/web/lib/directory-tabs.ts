import { CATEGORY_TAGS, DIRECTORY_KEYWORD_TABS, type CategoryTag } from '../../contracts/rules.js';
import type { DirectoryFilter } from './directory-api.js';

/** A directory tab: everything, one category tag, a keyword search, or the viewer's own personas. */
export type ExplorerTab =
  | { kind: 'all'; id: 'All'; label: 'All' }
  | { kind: 'tag'; id: CategoryTag; label: CategoryTag }
  | { kind: 'keyword'; id: string; label: string }
  | { kind: 'mine'; id: typeof MINE_TAB_ID; label: string };

/** The @{own username} pseudo-tab's id in the address (?tab=mine). */
export const MINE_TAB_ID = 'mine';
/** SPEC §2: the directory opens on the AI tab. */
export const DEFAULT_TAB_ID: CategoryTag = 'AI';
/** How long a directory search box waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * All, then the viewer's own personas, then the 14 tags and the keyword tabs in one alphabetical
 * run (so Fiction sits by Finance and Founder, and AI comes first).
 */
export function explorerTabs(username: string): ExplorerTab[] {
  const categories: ExplorerTab[] = [
    ...CATEGORY_TAGS.map((tag) => ({ kind: 'tag', id: tag, label: tag }) as const),
    ...DIRECTORY_KEYWORD_TABS.filter((word) => word !== 'All').map(
      (word) => ({ kind: 'keyword', id: word, label: word }) as const,
    ),
  ].sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [
    { kind: 'all', id: 'All', label: 'All' },
    { kind: 'mine', id: MINE_TAB_ID, label: `@${username}` },
    ...categories,
  ];
}

/** The tab named in the address, or the default when it names none. */
export function findTab(tabs: readonly ExplorerTab[], id: string | null): ExplorerTab {
  const found = tabs.find((tab) => tab.id === id) ?? tabs.find((tab) => tab.id === DEFAULT_TAB_ID);
  if (!found) throw new Error('The default explorer tab is missing');
  return found;
}

/**
 * What to ask the directory for. A keyword tab is itself a search (?q=its word in lowercase), so
 * the search box only combines with the other tabs (the explorer leaves a keyword tab on typing).
 */
export function tabFilter(tab: ExplorerTab, search: string, username: string): DirectoryFilter {
  const q = search.trim() || undefined;
  switch (tab.kind) {
    case 'all':
      return { q };
    case 'tag':
      return { q, tag: tab.id };
    case 'keyword':
      return { q: tab.label.toLowerCase() };
    case 'mine':
      return { q, createdBy: username };
  }
}
