import { IconButton } from '../../../components/ui/button.js';
import { CloseIcon } from '../../../components/ui/icons.js';
import styles from './speech-notice.module.css';

/**
 * Why a message could not be read aloud. The live region is always there, so the message is announced the
 * moment it appears; it stays until dismissed or the next read-aloud.
 */
export function SpeechNotice({ notice, onDismiss }: { notice: string | null; onDismiss: () => void }) {
  return (
    <div role="status" aria-live="polite" className={styles.slot}>
      {notice ? (
        <p className={styles.notice} data-testid="speech-notice">
          <span className={styles.text}>{notice}</span>
          <IconButton size="sm" aria-label="Dismiss read-aloud notice" onClick={onDismiss}>
            <CloseIcon size={16} />
          </IconButton>
        </p>
      ) : null}
    </div>
  );
}
