import { useId, useState } from 'react';
import { CHARIOTEER_LIMITS, type Seat } from '../../../../contracts/charioteer.js';
import type { DirectoryEntry } from '../../../../contracts/personas.js';
import { Button } from '../../../components/ui/button.js';
import { CloseIcon } from '../../../components/ui/icons.js';
import { NextPageButton } from '../../../components/ui/next-page-button.js';
import { DirectorySearchField } from '../../../components/ui/search-field.js';
import { describeError } from '../../../lib/api-client.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { useDirectory } from '../../../lib/directory-api.js';
import { ExplorerTabs, tabButtonId } from '../../../components/ui/explorer-tabs.js';
import { useDirectorySearch } from '../../../lib/use-directory-search.js';
import formStyles from '../../../components/ui/form.module.css';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './charioteer.module.css';

interface PersonaPickerProps {
  username: string;
  seats: readonly Seat[];
  onChange: (seats: Seat[]) => void;
}

const { personasMin, personasMax } = CHARIOTEER_LIMITS;

function toSeat(entry: DirectoryEntry): Seat {
  return { _id: entry._id, username: entry.username, name: entry.name, profilePic: entry.profilePic };
}

/** What to tell the user about the seats taken so far. */
export function seatHint(count: number): string {
  if (count >= personasMax)
    return `The table is full: ${personasMax} personas at most. Remove one to seat another.`;
  if (count < personasMin) return `Choose ${personasMin} to ${personasMax} personas (${count} chosen).`;
  return `${count} of ${personasMax} seats taken.`;
}

/** Chooses 2 to 5 personas from the directory, with the Explorer's search and tabs. */
export function PersonaPicker({ username, seats, onChange }: PersonaPickerProps) {
  // The picker opens on All, not the Explorer's default tab, and keeps its tab to itself.
  const [tabId, setTabId] = useState('All');
  const { tabs, tab, search, settled, setSearch, selectTab, filter } = useDirectorySearch(username, {
    tabId,
    showTab: (next) => setTabId(next.id),
  });
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;
  const hintId = `${idPrefix}-hint`;
  const directory = useDirectory(filter);
  const full = seats.length >= personasMax;
  const seated = new Set(seats.map((seat) => seat._id));

  const toggle = (entry: DirectoryEntry) => {
    if (seated.has(entry._id)) onChange(seats.filter((seat) => seat._id !== entry._id));
    else if (!full) onChange([...seats, toSeat(entry)]);
  };

  const entries = directory.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <fieldset className={styles.picker} aria-describedby={hintId}>
      <legend className={styles.legend}>Who sits at the table</legend>
      <ul className={styles.chips} aria-label="Seats">
        {seats.map((seat) => (
          <li key={seat._id} className={styles.chip}>
            <Avatar name={seat.name} username={seat.username} src={seat.profilePic} size={28} />
            <span className={styles.chipName}>
              {seat.name} <span className={styles.muted}>@{seat.username}</span>
            </span>
            <button
              type="button"
              className={styles.chipRemove}
              aria-label={`Remove @${seat.username}`}
              onClick={() => onChange(seats.filter((other) => other._id !== seat._id))}
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <p
        id={hintId}
        className={full ? `${layoutStyles.note} ${styles.hintFull}` : layoutStyles.note}
        aria-live="polite"
      >
        {seatHint(seats.length)}
      </p>
      <div role="search" className={formStyles.search}>
        <DirectorySearchField
          id={`${idPrefix}-search`}
          label="Search personas"
          inputClassName={styles.searchInput}
          value={search}
          onSearch={setSearch}
        />
      </div>
      <ExplorerTabs tabs={tabs} selected={tab} onSelect={selectTab} panelId={panelId} idPrefix={idPrefix} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabButtonId(idPrefix, tab)}
        className={styles.results}
      >
        {directory.isPending ? (
          <p role="status" className={styles.muted}>
            Loading...
          </p>
        ) : directory.isError && entries.length === 0 ? (
          <p role="alert" className={styles.error}>
            Error: {describeError(directory.error)}
          </p>
        ) : entries.length === 0 ? (
          <p className={styles.muted}>
            {settled ? `No personas match “${settled}” here.` : 'No personas here yet.'}
          </p>
        ) : (
          <ul className={styles.candidates} aria-label="Personas">
            {entries.map((entry) => {
              const isSeated = seated.has(entry._id);
              return (
                <li key={entry._id} className={styles.candidate} data-seated={isSeated || undefined}>
                  <Avatar name={entry.name} username={entry.username} src={entry.profilePic} size={40} />
                  <span className={styles.candidateText}>
                    <span className={styles.candidateName}>{entry.name}</span>
                    <span className={styles.muted}>@{entry.username}</span>
                  </span>
                  <Button
                    variant={isSeated ? 'primary' : 'secondary'}
                    className={styles.seatButton}
                    aria-pressed={isSeated}
                    aria-label={`Seat @${entry.username}`}
                    disabled={!isSeated && full}
                    onClick={() => toggle(entry)}
                  >
                    {isSeated ? 'Seated' : 'Seat'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {directory.hasNextPage ? (
          <NextPageButton query={directory} variant="ghost">
            Load more
          </NextPageButton>
        ) : null}
      </div>
    </fieldset>
  );
}
