import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './button.js';
import { CloseIcon } from './icons.js';
import styles from './toast.module.css';

interface ToastProps {
  message: string;
  onDismiss: () => void;
  /** How long it stays before dismissing itself. */
  durationMs?: number;
}

/** A short-lived error notice floating under the top bar (SPEC §8: "error toast with the message"). */
export function Toast({ message, onDismiss, durationMs = 8000 }: ToastProps) {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    const timer = setTimeout(() => dismiss.current(), durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs]);

  return createPortal(
    <div role="alert" className={styles.toast}>
      <span className={styles.text}>{message}</span>
      <IconButton size="sm" aria-label="Dismiss" onClick={onDismiss} className={styles.close}>
        <CloseIcon size={16} />
      </IconButton>
    </div>,
    document.body,
  );
}
