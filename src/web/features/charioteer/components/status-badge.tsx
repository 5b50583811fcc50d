import type { DiscussionStatus } from '../../../../contracts/charioteer.js';
import styles from './charioteer.module.css';

export const STATUS_LABELS: Record<DiscussionStatus, string> = {
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  finished: 'Finished',
  failed: 'Failed',
};

/** A small pill naming a discussion's state. */
export function StatusBadge({ status }: { status: DiscussionStatus }) {
  return (
    <span className={styles.badge} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
