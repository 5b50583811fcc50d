import { useRef } from 'react';
import type { Notice } from '../hooks/notice.js';
import styles from './studio-page.module.css';

/** A notice in place: errors are alerts (announced at once), information a polite status. */
export function StudioNotice({ notice }: { notice: Notice | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  if (!notice) return null;
  const { action } = notice;
  const button = action ? (
    <button
      type="button"
      className={styles.noticeAction}
      onClick={() => {
        // The button goes with the notice it belongs to; focus stays on the notice, which tells the outcome.
        ref.current?.focus();
        action.onClick();
      }}
    >
      {action.label}
    </button>
  ) : null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={notice.kind === 'error' ? `${styles.notice} ${styles.noticeError}` : styles.notice}
    >
      {notice.text} {button}
    </p>
  );
}
