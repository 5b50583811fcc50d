import { useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '../../../components/ui/button.js';
import styles from './editor-page.module.css';

interface ViewerStageProps {
  /** Where pdf.js renders; it must stay mounted for the viewer controller's whole life. */
  containerRef: RefObject<HTMLDivElement | null>;
  isEmpty: boolean;
  /** While the kept PDFs are being reopened, the empty state does not invite to open others. */
  restoring: boolean;
  onOpenFiles: (files: File[]) => Promise<void>;
  onChooseFiles: () => void;
  /** The thumbnail sidebar, when open. */
  sidebar: ReactNode;
  /** The find bar, when open. */
  findBar: ReactNode;
}

/** The viewer's area: takes dropped PDFs, and invites the user to open some while it is empty. */
export function ViewerStage({
  containerRef,
  isEmpty,
  restoring,
  onOpenFiles,
  onChooseFiles,
  sidebar,
  findBar,
}: ViewerStageProps) {
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void onOpenFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      className={styles.stage}
      data-dragging={dragging || undefined}
      data-sidebar={sidebar ? true : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-label="PDF viewer"
      role="region"
    >
      {sidebar}
      {/* The one scrolling box of the Editor; focusable so that keyboard users can scroll it. */}
      <div ref={containerRef} className={styles.container} role="group" aria-label="PDF pages" tabIndex={0}>
        <div className="pdfViewer" />
      </div>
      {findBar}
      {isEmpty ? (
        <div className={styles.empty}>
          {restoring ? (
            <p role="status">Reopening your PDFs…</p>
          ) : (
            <>
              <span className={styles.emptyMark} aria-hidden="true">
                ✦
              </span>
              <p>Drop PDF files here, or open them.</p>
              <Button variant="secondary" onClick={onChooseFiles}>
                Choose PDFs
              </Button>
            </>
          )}
        </div>
      ) : null}
      {dragging ? <div className={styles.dropHint}>Drop to open</div> : null}
    </div>
  );
}
