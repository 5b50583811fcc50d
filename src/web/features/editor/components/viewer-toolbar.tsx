import { useEffect, useState, type RefObject } from 'react';
import type { ViewerController } from '../pdf/viewer-controller.js';
import type { ViewerStatus } from '../pdf/viewer-status.js';
import type { EditorPanels } from './editor-types.js';
import styles from './editor-page.module.css';

interface ViewerToolbarProps {
  controllerRef: RefObject<ViewerController | null>;
  status: ViewerStatus;
  hidden: boolean;
  /** Focus returns here when the find bar closes. */
  findButtonRef: RefObject<HTMLButtonElement | null>;
  panels: EditorPanels;
  onToggle: (panel: keyof EditorPanels) => void;
  /** The annotation toolbar's id, which the phone's Annotate button opens and closes. */
  toolsId: string;
}

interface GlyphToolProps {
  /** The accessible name: the glyph alone says nothing to a screen reader. */
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}

/** One of the square page and zoom buttons, which show a glyph and are named by their label. */
function GlyphTool({ label, disabled, onClick, children }: GlyphToolProps) {
  return (
    <button type="button" className={styles.tool} aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

/** Page navigation, zoom, and the buttons that open the find bar and the thumbnail sidebar. */
export function ViewerToolbar({
  controllerRef,
  status,
  hidden,
  findButtonRef,
  panels,
  onToggle,
  toolsId,
}: ViewerToolbarProps) {
  // The page field is editable, so it follows the viewer's page rather than being derived from it.
  const [pageInput, setPageInput] = useState('');
  useEffect(() => setPageInput(status.page ? String(status.page) : ''), [status.page]);

  const hasDocument = status.pages > 0;
  // A panel's button says whether the panel is open and opens or closes it.
  const toggle = (panel: keyof EditorPanels) => ({
    'aria-expanded': panels[panel],
    onClick: () => onToggle(panel),
  });

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Viewer controls" hidden={hidden}>
      <div className={styles.group}>
        <GlyphTool
          label="Previous page"
          disabled={!hasDocument || status.page <= 1}
          onClick={() => controllerRef.current?.goToPage(status.page - 1)}
        >
          ‹
        </GlyphTool>
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
        <GlyphTool
          label="Next page"
          disabled={!hasDocument || status.page >= status.pages}
          onClick={() => controllerRef.current?.goToPage(status.page + 1)}
        >
          ›
        </GlyphTool>
      </div>

      <div className={styles.group}>
        <GlyphTool
          label="Zoom out"
          disabled={!hasDocument}
          onClick={() => controllerRef.current?.zoom(1 / 1.25)}
        >
          −
        </GlyphTool>
        <output className={styles.zoom} aria-label="Zoom level">
          {status.zoom}%
        </output>
        <GlyphTool label="Zoom in" disabled={!hasDocument} onClick={() => controllerRef.current?.zoom(1.25)}>
          +
        </GlyphTool>
        <button
          type="button"
          className={`${styles.textTool} ${styles.wideOnly}`}
          disabled={!hasDocument}
          onClick={() => controllerRef.current?.zoom('page-width')}
        >
          Fit width
        </button>
      </div>

      <div className={styles.group}>
        <button
          ref={findButtonRef}
          type="button"
          className={styles.textTool}
          disabled={!hasDocument}
          {...toggle('find')}
        >
          Find
        </button>
        <button type="button" className={styles.textTool} disabled={!hasDocument} {...toggle('thumbnails')}>
          Thumbnails
        </button>
        {/* Phones only: the annotation toolbar folds away so that the page gets the screen. */}
        <button
          type="button"
          className={`${styles.textTool} ${styles.phoneOnly}`}
          aria-controls={toolsId}
          {...toggle('tools')}
        >
          Annotate
        </button>
      </div>
    </div>
  );
}
