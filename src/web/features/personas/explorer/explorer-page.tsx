import { useId } from 'react';
import { ButtonLink } from '../../../components/ui/button.js';
import { DirectorySearchField } from '../../../components/ui/search-field.js';
import { useSession } from '../../../lib/session-store.js';
import { DirectoryResults } from './directory-results.js';
import { ExplorerTabs, tabButtonId } from '../../../components/ui/explorer-tabs.js';
import type { ExplorerTab } from '../../../lib/directory-tabs.js';
import { useExplorerState } from './use-explorer-state.js';
import formStyles from '../../../components/ui/form.module.css';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './explorer.module.css';
import { PageTitle } from '../../../components/ui/page-title.js';

function emptyText(tab: ExplorerTab, search: string): string {
  if (search) return `No personas match “${search}” here yet.`;
  if (tab.kind === 'mine') return 'You have not created any personas yet.';
  return `No personas in ${tab.label} yet. Be the first to make one.`;
}

function Explorer({ username }: { username: string }) {
  const { tabs, tab, search, setSearch, selectTab, filter, searching } = useExplorerState(username);
  const idPrefix = useId();
  const searchId = `${idPrefix}-search`;
  const panelId = `${idPrefix}-panel`;
  return (
    <div className={styles.page}>
      <PageTitle>AI Explorer · Simplified</PageTitle>
      <div className={layoutStyles.pageHeader}>
        <div className={layoutStyles.intro}>
          <h1 className={styles.title}>AI Explorer</h1>
          <p className={layoutStyles.subtitle}>Find an AI persona to talk to, or make your own.</p>
        </div>
        <ButtonLink to="/create" className={styles.create}>
          <span aria-hidden="true">+</span>
          Create AI
        </ButtonLink>
      </div>
      <form role="search" className={formStyles.search} onSubmit={(event) => event.preventDefault()}>
        <DirectorySearchField
          id={searchId}
          label="search ai"
          inputClassName={styles.searchInput}
          enterKeyHint="search"
          value={search}
          onSearch={setSearch}
        />
      </form>
      <ExplorerTabs tabs={tabs} selected={tab} onSelect={selectTab} panelId={panelId} idPrefix={idPrefix} />
      <DirectoryResults
        filter={filter}
        emptyText={emptyText(tab, searching ? (filter.q ?? '') : '')}
        panelId={panelId}
        labelledBy={tabButtonId(idPrefix, tab)}
      />
    </div>
  );
}

/** /explorer: the persona directory (SPEC §2 "Directory"). */
export function ExplorerPage() {
  const me = useSession((state) => state.user);
  // RequireAuth guarantees a user; the check keeps the types honest.
  if (!me) return null;
  return <Explorer username={me.username} />;
}
