import { useState, type DragEvent, type RefObject } from 'react';
import { Button } from '../../../components/ui/button.js';
import styles from './editor-page.module.css';

interface ViewerStageProps {
  /** Where pdf.js renders; it must stay mounted for the viewer controller's whole life. */
  containerRef: RefObject<HTMLDivElement | null>;
  isEmpty: boolean;
  onOpenFiles: (files: File[]) => Promise<void>;
  onChooseFiles: () => void;
}

/** The viewer's area: takes dropped PDFs, and invites the user to open some while it is empty. */
export function ViewerStage({ containerRef, isEmpty, onOpenFiles, onChooseFiles }: ViewerStageProps) {
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
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-label="PDF viewer"
      role="region"
    >
      <div ref={containerRef} className={styles.container}>
        <div className="pdfViewer" />
      </div>
      {isEmpty ? (
        <div className={styles.empty}>
          <span className={styles.emptyMark} aria-hidden="true">
            ✦
          </span>
          <p>Drop PDF files here, or open them.</p>
          <Button variant="secondary" onClick={onChooseFiles}>
            Choose PDFs
          </Button>
        </div>
      ) : null}
      {dragging ? <div className={styles.dropHint}>Drop to open</div> : null}
    </div>
  );
}
