import { useState } from 'react';
import { AI_NOT_READY, progressPercent } from '../../../contracts/ai.js';
import { IconButton } from '../../components/ui/button.js';
import { CloseIcon } from '../../components/ui/icons.js';
import { useAiStatus } from '../../lib/ai-status-api.js';
import indicatorStyles from '../../components/ui/indicators.module.css';
import styles from './ai-status-banner.module.css';

const GETTING_READY = 'Getting the AI ready…';

/**
 * A thin line under the top bar while AI cannot answer yet: getting ready (with the download's progress, the
 * same percentage the server's console shows), or a short notice that AI replies are not available, which can
 * be put away. Ready and off show nothing. What went wrong and how to fix it is for the operator, not shown here.
 */
export function AiStatusBanner({ enabled }: { enabled: boolean }) {
  const status = useAiStatus(enabled);
  const [dismissed, setDismissed] = useState(false);
  const data = enabled ? status.data : undefined;
  if (!data) return null;

  if (data.state === 'downloading') {
    const value = data.progress === undefined ? undefined : progressPercent(data.progress);
    return (
      <div className={`${styles.banner} ${styles.busy}`} data-state="downloading">
        <span className={styles.spark} aria-hidden="true" />
        {/* Only the state is live: a percentage read out every two seconds would drown everything else. */}
        <span className={styles.text}>
          <span role="status">{GETTING_READY}</span>
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
          {GETTING_READY}
        </span>
        <span className={`${styles.track} ${styles.indeterminate}`} aria-hidden="true">
          <span className={styles.fill} />
        </span>
      </div>
    );
  }

  if (data.state === 'unavailable') {
    if (dismissed) return null;
    return (
      <div className={`${styles.banner} ${styles.warning}`} data-state="unavailable">
        <span className={indicatorStyles.alertMark} aria-hidden="true">
          !
        </span>
        <span className={styles.text} role="status">
          {AI_NOT_READY.unavailable}
        </span>
        <IconButton
          size="sm"
          aria-label="Dismiss AI notice"
          className={styles.dismiss}
          onClick={() => setDismissed(true)}
        >
          <CloseIcon size={16} />
        </IconButton>
      </div>
    );
  }

  return null;
}
