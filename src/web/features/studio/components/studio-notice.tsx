import type { Notice } from '../hooks/notice.js';
import styles from './studio-page.module.css';

/** A notice in place: errors are alerts (announced at once), information a polite status. */
export function StudioNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return notice.kind === 'error' ? (
    <p role="alert" className={`${styles.notice} ${styles.noticeError}`}>
      {notice.text}
    </p>
  ) : (
    <p role="status" className={styles.notice}>
      {notice.text}
    </p>
  );
}
