import { useState, type RefObject } from 'react';
import type { ViewerController } from '../pdf/viewer-controller.js';
import type { ViewerStatus } from '../pdf/viewer-status.js';
import pageStyles from './editor-page.module.css';
import styles from './viewer-panels.module.css';

/** The search's progress: "2 of 5", "No matches", or nothing. */
function matchesLabel(status: ViewerStatus): string {
  if (status.searchState === 'not-found') return 'No matches';
  if (status.matches && status.matches.total > 0) {
    return `${status.matches.current} of ${status.matches.total}`;
  }
  return '';
}

interface FindBarProps {
  controllerRef: RefObject<ViewerController | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  status: ViewerStatus;
  onClose: () => void;
}

/**
 * Find in the PDF with pdf.js's find controller, which searches every page (the browser's own find
 * only sees the rendered ones). Enter goes to the next match, Shift+Enter to the previous one, Escape
 * closes the bar and clears the highlights.
 */
export function FindBar({ controllerRef, inputRef, status, onClose }: FindBarProps) {
  const [query, setQuery] = useState('');
  const find = (previous: boolean) => controllerRef.current?.find(query, { previous });
  const close = () => {
    controllerRef.current?.find('');
    onClose();
  };

  return (
    <form
      className={styles.findBar}
      role="search"
      aria-label="Find in the PDF"
      onSubmit={(event) => {
        event.preventDefault();
        find(false);
      }}
    >
      <input
        dir="auto"
        ref={inputRef}
        className={pageStyles.searchInput}
        type="text"
        aria-label="Search in the PDF"
        placeholder="Find in the PDF"
        // The bar opens on request (Ctrl+F or its button), so taking the focus is expected.
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (!event.target.value) controllerRef.current?.find('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          } else if (event.key === 'Enter' && event.shiftKey) {
            event.preventDefault();
            find(true);
          }
        }}
      />
      <button
        type="button"
        className={pageStyles.tool}
        aria-label="Previous match"
        disabled={!query.trim()}
        onClick={() => find(true)}
      >
        ↑
      </button>
      <button type="submit" className={pageStyles.tool} aria-label="Next match" disabled={!query.trim()}>
        ↓
      </button>
      <span className={pageStyles.muted} role="status" aria-label="Search results">
        {matchesLabel(status)}
      </span>
      <button type="button" className={pageStyles.tool} aria-label="Close the find bar" onClick={close}>
        ×
      </button>
    </form>
  );
}
