import { useId, useRef, type ReactNode } from 'react';
import { Button } from './button.js';
import styles from './confirm-dialog.module.css';
import { useModal } from './use-modal.js';

interface ConfirmDialogProps {
  open: boolean;
  /** The question; it names the dialog. */
  title: string;
  /** What follows from each answer, when the title alone does not say it. */
  children?: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A modal question (role alertdialog) on the browser's own <dialog>: it keeps focus inside and makes the
 * rest of the page inert. Focus starts on the safe answer; Escape cancels; focus returns to where it was.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  cancelLabel = 'Cancel',
  confirmLabel,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);

  // showModal focuses the first button: the safe answer comes first.
  const onEscape = useModal(ref, open, onCancel);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={children ? `${id}-body` : undefined}
      onCancel={onEscape}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      {children ? <p id={`${id}-body`}>{children}</p> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </dialog>
  );
}
