import { formatTimestamp } from '../../lib/format-timestamp.js';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { SEARCH_LIMITS, SEARCH_NEEDS_A_WORD, searchWords } from '../../../contracts/search.js';
import { IconButton } from '../../components/ui/button.js';
import { CloseIcon } from '../../components/ui/icons.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { SearchField } from '../../components/ui/search-field.js';
import { useModal } from '../../components/ui/use-modal.js';
import { describeError } from '../../lib/api-client.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { MarkedText } from './marked-text.js';
import { resultKind, resultPath, useSearchResults } from './search-api.js';
import styles from './search-dialog.module.css';

// Long enough that typing a word asks once, short enough to feel live.
const TYPING_PAUSE_MS = 250;

/** Arrow keys move between the box and the results, as in a list of suggestions. */
function moveFocus(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null) {
  if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || !container) return;
  const stops = [...container.querySelectorAll<HTMLElement>('input[type="search"], a[data-result]')];
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const next = stops[at + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** One search box over the person's messages, notes, prompts and discussions, in a modal dialog. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, TYPING_PAUSE_MS);
  const results = useSearchResults(settled);
  const onEscape = useModal(ref, true, onClose, (dialog) =>
    dialog.querySelector<HTMLInputElement>('input[type="search"]')?.focus(),
  );
  const searchable = searchWords(settled).length > 0;
  const found = searchable ? (results.data ?? []) : [];

  let status: string;
  if (!searchable) status = query.trim() ? SEARCH_NEEDS_A_WORD : '';
  else if (results.isError) status = '';
  else if (results.isFetching && !results.data) status = 'Searching…';
  else if (found.length === 0) status = `No results for “${settled.trim()}”`;
  else status = found.length === 1 ? '1 result' : `${found.length} results`;

  return createPortal(
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={onEscape}
      onKeyDown={(event) => moveFocus(event, ref.current)}
    >
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          Search
        </h2>
        <IconButton aria-label="Close search" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <div role="search" className={styles.box}>
        <SearchField
          id={`${id}-q`}
          label="Search messages, notes, prompts and discussions"
          iconSize={18}
          iconClassName={styles.icon}
          inputClassName={styles.input}
          placeholder="Search messages, notes and discussions"
          value={query}
          maxLength={SEARCH_LIMITS.queryChars}
          enterKeyHint="search"
          aria-describedby={`${id}-status`}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p id={`${id}-status`} className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      {searchable && results.isError ? (
        <InlineMessage kind="error">{describeError(results.error)}</InlineMessage>
      ) : null}
      {found.length > 0 ? (
        <ul className={styles.results} aria-label="Results">
          {found.map((result) => (
            <li
              key={`${result.kind}:${result.kind === 'discussion' ? (result.turnId ?? result._id) : result._id}`}
            >
              <Link to={resultPath(result)} className={styles.result} data-result onClick={onClose}>
                <span className={styles.meta}>
                  <span className={styles.kind}>{resultKind(result)}</span>
                  <time dateTime={result.at}>{formatTimestamp(result.at)}</time>
                </span>
                <span className={styles.resultTitle} dir="auto">
                  {result.title}
                </span>
                <span className={styles.excerpt} dir="auto">
                  <MarkedText text={result.excerpt} highlights={result.highlights} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </dialog>,
    document.body,
  );
}
