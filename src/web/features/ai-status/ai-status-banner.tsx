import { useState } from 'react';
import { IconButton } from '../../components/ui/button.js';
import { CloseIcon } from '../../components/ui/icons.js';
import { useAiStatus } from './ai-status-api.js';
import styles from './ai-status-banner.module.css';

/** 0..1 to a whole percentage, kept within 0..100. */
function percent(progress: number): number {
  return Math.min(100, Math.max(0, Math.round(progress * 100)));
}

/**
 * A thin line under the top bar while AI cannot answer yet: the model's download (with its progress),
 * its loading, or what the server says to set when AI is unavailable (that one can be put away).
 * Ready and off show nothing.
 */
export function AiStatusBanner({ enabled }: { enabled: boolean }) {
  const status = useAiStatus(enabled);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const data = enabled ? status.data : undefined;
  if (!data) return null;

  if (data.state === 'downloading') {
    const value = data.progress === undefined ? undefined : percent(data.progress);
    return (
      <div className={`${styles.banner} ${styles.busy}`} data-state="downloading">
        <span className={styles.spark} aria-hidden="true" />
        {/* Only the state is live: a percentage read out every two seconds would drown everything else. */}
        <span className={styles.text}>
          <span role="status">Downloading the AI model…</span>
          {value === undefined ? null : <b className={styles.value}> {value}%</b>}
        </span>
        <span
          className={`${styles.track} ${value === undefined ? styles.indeterminate : ''}`}
          role="progressbar"
          aria-label="AI model download"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
        >
          <span className={styles.fill} style={value === undefined ? undefined : { width: `${value}%` }} />
        </span>
      </div>
    );
  }

  if (data.state === 'loading') {
    return (
      <div className={`${styles.banner} ${styles.busy}`} data-state="loading">
        <span className={styles.spark} aria-hidden="true" />
        <span className={styles.text} role="status">
          Loading the AI model…
        </span>
        <span className={`${styles.track} ${styles.indeterminate}`} aria-hidden="true">
          <span className={styles.fill} />
        </span>
      </div>
    );
  }

  if (data.state === 'unavailable') {
    const message = data.message?.trim() || 'AI is unavailable on this server right now.';
    if (dismissed === message) return null;
    return (
      <div className={`${styles.banner} ${styles.warning}`} data-state="unavailable">
        <span className={styles.badge} aria-hidden="true">
          !
        </span>
        <span className={styles.text} role="status">
          {message}
        </span>
        <IconButton
          size="sm"
          aria-label="Dismiss AI notice"
          className={styles.dismiss}
          onClick={() => setDismissed(message)}
        >
          <CloseIcon size={16} />
        </IconButton>
      </div>
    );
  }

  return null;
}
