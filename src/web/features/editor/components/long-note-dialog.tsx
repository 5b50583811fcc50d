import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { ACTION_LIMITS } from '../../../../contracts/actions.js';
import type { LongNote } from './use-save-as-note.js';
import styles from './long-note-dialog.module.css';

const count = (n: number) => n.toLocaleString('en-US');

interface LongNoteDialogProps {
  note: LongNote;
  onSplit: () => void;
  onCancel: () => void;
}

/**
 * Asks before saving a text longer than one note: split it into numbered notes, or cancel. A native
 * modal dialog keeps focus inside, closes on Escape (as Cancel) and gives focus back when it closes.
 */
export function LongNoteDialog({ note, onSplit, onCancel }: LongNoteDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    // Cancel, the answer that changes nothing, has focus first.
    cancelRef.current?.focus();
    return () => dialog.close();
  }, []);

  const parts = note.parts.length;
  return createPortal(
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        This text is too long for one note
      </h2>
      <p id={`${id}-text`} className={styles.text}>
        It has {count(note.length)} characters and a note holds at most {count(ACTION_LIMITS.memoryMax)}. Save
        it as {parts} notes, “{note.title} (1 of {parts})” to “{note.title} ({parts} of {parts})”, so nothing
        is left out?
      </p>
      <div className={styles.actions}>
        <button ref={cancelRef} type="button" className={styles.cancel} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={styles.confirm} onClick={onSplit}>
          Save as {parts} notes
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
