import { Link } from 'react-router';
import type { Discussion } from '../../../../contracts/charioteer.js';
import { describeError } from '../../../lib/api-client.js';
import { useDiscussions } from '../api/use-discussions.js';
import { StatusBadge } from './status-badge.js';
import styles from './charioteer.module.css';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function PastItem({ discussion }: { discussion: Discussion }) {
  return (
    <li>
      <Link to={`/charioteer?d=${encodeURIComponent(discussion._id)}`} className={styles.pastItem}>
        <span className={styles.pastTopic} dir="auto">
          {discussion.topic}
        </span>
        <span className={styles.pastMeta}>
          <StatusBadge status={discussion.status} />
          <span>{discussion.seats.map((seat) => `@${seat.username}`).join(', ')}</span>
          <time dateTime={discussion.updatedAt}>{when(discussion.updatedAt)}</time>
        </span>
      </Link>
    </li>
  );
}

/** The user's own discussions, newest first; each reopens at its table. */
export function PastDiscussions() {
  const list = useDiscussions();
  return (
    <section className={styles.past} aria-labelledby="past-discussions-title">
      <h2 id="past-discussions-title" className={styles.sectionTitle}>
        Past discussions
      </h2>
      {list.isPending ? (
        <p role="status" className={styles.muted}>
          Loading...
        </p>
      ) : list.isError ? (
        <p role="alert" className={styles.error}>
          Error: {describeError(list.error)}
        </p>
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>No discussions yet. Seat a few personas and give them a topic.</p>
      ) : (
        <ul className={styles.pastList}>
          {list.data.map((discussion) => (
            <PastItem key={discussion._id} discussion={discussion} />
          ))}
        </ul>
      )}
    </section>
  );
}
