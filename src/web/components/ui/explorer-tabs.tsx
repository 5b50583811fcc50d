import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ExplorerTab } from '../../lib/directory-tabs.js';
import styles from './explorer-tabs.module.css';

interface ExplorerTabsProps {
  tabs: readonly ExplorerTab[];
  selected: ExplorerTab;
  onSelect: (tab: ExplorerTab) => void;
  /** The id of the panel the tabs control. */
  panelId: string;
  idPrefix: string;
}

/** The id of a tab's button, so the panel can be labelled by the selected one. */
export function tabButtonId(idPrefix: string, tab: ExplorerTab): string {
  return `${idPrefix}-tab-${tab.id}`;
}

/**
 * A horizontal, scrollable ARIA tab list. Arrow keys, Home and End move between tabs and select
 * them (only the selected tab is in the Tab order); the selected tab is scrolled into view.
 */
export function ExplorerTabs({ tabs, selected, onSelect, panelId, idPrefix }: ExplorerTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const button = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    // jsdom has no scrollIntoView; real browsers always do.
    if (button && typeof button.scrollIntoView === 'function') {
      button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }, [selected.id]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected.id);
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    const tab = target === undefined ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab);
    document.getElementById(tabButtonId(idPrefix, tab))?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-label="Categories" className={styles.tabs} onKeyDown={move}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected.id;
        return (
          <button
            key={tab.id}
            id={tabButtonId(idPrefix, tab)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={tab.kind === 'mine' ? `${styles.tab} ${styles.mineTab}` : styles.tab}
            onClick={() => onSelect(tab)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
