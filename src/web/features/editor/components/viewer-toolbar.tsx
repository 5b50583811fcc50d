import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import type { ViewerController, ViewerStatus } from '../pdf/viewer-controller.js';
import styles from './editor-page.module.css';

interface ViewerToolbarProps {
  controllerRef: RefObject<ViewerController | null>;
  status: ViewerStatus;
  hidden: boolean;
}

/** The search's progress as the toolbar shows it: "2 of 5", "No matches", or nothing. */
function matchesLabel(status: ViewerStatus): string {
  if (status.searchState === 'not-found') return 'No matches';
  if (status.matches && status.matches.total > 0) {
    return `${status.matches.current} of ${status.matches.total}`;
  }
  return '';
}

/** Page navigation, zoom and find-in-PDF for the shown document. */
export function ViewerToolbar({ controllerRef, status, hidden }: ViewerToolbarProps) {
  const [query, setQuery] = useState('');
  // The page field is editable, so it follows the viewer's page rather than being derived from it.
  const [pageInput, setPageInput] = useState('');
  useEffect(() => setPageInput(status.page ? String(status.page) : ''), [status.page]);

  const hasDocument = status.pages > 0;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    controllerRef.current?.find(query);
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Viewer controls" hidden={hidden}>
      <div className={styles.group}>
        <button
          type="button"
          className={styles.tool}
          aria-label="Previous page"
          disabled={!hasDocument || status.page <= 1}
          onClick={() => controllerRef.current?.goToPage(status.page - 1)}
        >
          ‹
        </button>
        <form
          className={styles.pageForm}
          onSubmit={(event) => {
            event.preventDefault();
            controllerRef.current?.goToPage(Number(pageInput));
          }}
        >
          <input
            className={styles.pageInput}
            aria-label="Page number"
            inputMode="numeric"
            value={pageInput}
            disabled={!hasDocument}
            onChange={(event) => setPageInput(event.target.value.replace(/\D/g, ''))}
            onBlur={() => controllerRef.current?.goToPage(Number(pageInput))}
          />
          <span className={styles.muted}>of {status.pages || '–'}</span>
        </form>
        <button
          type="button"
          className={styles.tool}
          aria-label="Next page"
          disabled={!hasDocument || status.page >= status.pages}
          onClick={() => controllerRef.current?.goToPage(status.page + 1)}
        >
          ›
        </button>
      </div>

      <div className={styles.group}>
        <button
          type="button"
          className={styles.tool}
          aria-label="Zoom out"
          disabled={!hasDocument}
          onClick={() => controllerRef.current?.zoom(1 / 1.25)}
        >
          −
        </button>
        <output className={styles.zoom} aria-label="Zoom level">
          {status.zoom}%
        </output>
        <button
          type="button"
          className={styles.tool}
          aria-label="Zoom in"
          disabled={!hasDocument}
          onClick={() => controllerRef.current?.zoom(1.25)}
        >
          +
        </button>
        <button
          type="button"
          className={styles.textTool}
          disabled={!hasDocument}
          onClick={() => controllerRef.current?.zoom('page-width')}
        >
          Fit width
        </button>
      </div>

      <form className={`${styles.group} ${styles.search}`} role="search" onSubmit={onSearch}>
        <input
          className={styles.searchInput}
          type="search"
          aria-label="Search in the PDF"
          placeholder="Search in the PDF"
          value={query}
          disabled={!hasDocument}
          onChange={(event) => {
            setQuery(event.target.value);
            // Clearing the field clears the highlighted matches too.
            if (!event.target.value) controllerRef.current?.find('');
          }}
        />
        <button
          type="button"
          className={styles.tool}
          aria-label="Previous match"
          disabled={!hasDocument || !query.trim()}
          onClick={() => controllerRef.current?.find(query, { previous: true })}
        >
          ↑
        </button>
        <button
          type="submit"
          className={styles.tool}
          aria-label="Next match"
          disabled={!hasDocument || !query.trim()}
        >
          ↓
        </button>
        <span className={styles.muted} role="status" aria-label="Search results">
          {matchesLabel(status)}
        </span>
      </form>
    </div>
  );
}
