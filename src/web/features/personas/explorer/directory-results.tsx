import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button.js';
import { NextPageButton } from '../../../components/ui/next-page-button.js';
import { describeError } from '../../../lib/api-client.js';
import { useDirectory, type DirectoryFilter } from '../../../lib/directory-api.js';
import { PersonaCard, StudioCard } from './persona-card.js';
import styles from './explorer.module.css';

interface DirectoryResultsProps {
  filter: DirectoryFilter;
  /** What to say when nothing matches (it differs for a search, a tab and one's own personas). */
  emptyText: string;
  panelId: string;
  labelledBy: string;
}

/** The listing for the selected tab: cards, then the studio card, then "Load more" while pages remain. */
export function DirectoryResults({ filter, emptyText, panelId, labelledBy }: DirectoryResultsProps) {
  const directory = useDirectory(filter);
  const panel = (content: ReactNode) => (
    <div id={panelId} role="tabpanel" aria-labelledby={labelledBy} className={styles.panel}>
      {content}
    </div>
  );

  if (directory.isPending) {
    return panel(
      <p role="status" className={styles.state}>
        Loading...
      </p>,
    );
  }
  if (directory.isError && !directory.isFetchNextPageError) {
    return panel(
      <p role="alert" className={`${styles.state} ${styles.error}`}>
        Error: {describeError(directory.error)}
      </p>,
    );
  }

  const entries = directory.data.pages.flatMap((page) => page.entries);
  return panel(
    <>
      {entries.length === 0 ? (
        <div className={styles.empty}>
          <p>{emptyText}</p>
          <ButtonLink to="/create">Create an AI persona</ButtonLink>
        </div>
      ) : null}
      <ul className={styles.grid} aria-label="Personas">
        {entries.map((persona) => (
          <li key={persona._id}>
            <PersonaCard persona={persona} />
          </li>
        ))}
        <li>
          <StudioCard />
        </li>
      </ul>
      {directory.isFetchNextPageError ? (
        <p role="alert" className={`${styles.state} ${styles.error}`}>
          Error: {describeError(directory.error)}
        </p>
      ) : null}
      {directory.hasNextPage ? (
        <div className={styles.more}>
          <NextPageButton query={directory} variant="secondary">
            {directory.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </NextPageButton>
        </div>
      ) : null}
    </>,
  );
}
