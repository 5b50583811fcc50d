import type { Notice } from '../hooks/notice.js';
import styles from './studio-page.module.css';

/** A notice in place: errors are alerts (announced at once), information a polite status. */
export function StudioNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  const action = notice.action ? (
    <button type="button" className={styles.noticeAction} onClick={notice.action.onClick}>
      {notice.action.label}
    </button>
  ) : null;
  return notice.kind === 'error' ? (
    <p role="alert" className={`${styles.notice} ${styles.noticeError}`}>
      {notice.text} {action}
    </p>
  ) : (
    <p role="status" className={styles.notice}>
      {notice.text} {action}
    </p>
  );
}
