import { REPORT_REASON_LABELS, type QueuedReport } from '../../../contracts/moderation.js';
import { formatTimestamp } from '../../lib/format-timestamp.js';
import { ActionButtons, type OfferedAction } from './action-form.js';
import styles from './moderation.module.css';

const SUSPENSIONS: Array<{ label: string; days: number | null }> = [
  { label: 'Suspend 7 days', days: 7 },
  { label: 'Suspend 30 days', days: 30 },
  { label: 'Suspend for good', days: null },
];

function offered(report: QueuedReport): OfferedAction[] {
  const { targetUser } = report;
  const actions: OfferedAction[] = [
    { label: 'Dismiss', path: `/api/moderation/reports/${report._id}/dismiss` },
  ];
  if (report.kind === 'message')
    actions.push({ label: 'Remove message', path: `/api/moderation/messages/${report.targetId}/remove` });
  if (targetUser.isAi && !targetUser.isFrozen) {
    actions.push({ label: 'Freeze persona', path: `/api/moderation/personas/${targetUser._id}/freeze` });
    const rating = `/api/moderation/personas/${targetUser._id}/rating`;
    actions.push({ label: 'Mark mature', path: rating, rating: 'mature' });
  }
  if (!targetUser.isAi && !targetUser.isFrozen)
    for (const { label, days } of SUSPENSIONS)
      actions.push({ label, path: `/api/moderation/users/${targetUser._id}/suspend`, days });
  return actions;
}

const WHAT: Record<QueuedReport['kind'], string> = {
  message: 'A message by',
  persona: 'Persona',
  person: 'Person',
};

/** What the snapshot kept: the messages around the reported one, or the persona's or person's fields. */
function Snapshot({ snapshot }: { snapshot: QueuedReport['snapshot'] }) {
  if (snapshot.kind === 'message')
    return (
      <ol className={styles.snapshotMessages} aria-label="The reported message and its neighbours">
        {snapshot.messages.map((m) => (
          <li key={m._id} className={m.reported ? styles.reported : undefined}>
            <span className={styles.sender}>@{m.sender}</span>
            {m.reported ? <span className="visually-hidden"> (reported)</span> : null}
            <p className={styles.written} dir="auto">
              {m.text}
            </p>
          </li>
        ))}
      </ol>
    );
  const fields: Array<[string, string]> =
    snapshot.kind === 'persona'
      ? [
          ['Name', snapshot.name],
          ['Bio', snapshot.bio],
          ['Tag', snapshot.tag],
          ['Prompt (hidden from everyone else)', snapshot.prompt],
          ['Memory', snapshot.memory],
          ['Opening message', snapshot.openingMessage],
          ['Created by', `@${snapshot.createdByUsername}`],
        ]
      : [
          ['Name', snapshot.name],
          ['Bio', snapshot.bio],
        ];
  return (
    <dl className={styles.fields}>
      {fields.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={styles.written} dir="auto">
            {value || '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One open report in the queue, with its snapshot and the actions that fit it. */
export function ReportCard({ report }: { report: QueuedReport }) {
  const { targetUser } = report;
  return (
    <article className={styles.card} aria-label={`Report of @${targetUser.username}`}>
      <header className={styles.cardHeader}>
        <h3 className={styles.reason}>{REPORT_REASON_LABELS[report.reason]}</h3>
        <p className={styles.meta}>
          {WHAT[report.kind]} @{targetUser.username}
          {targetUser.isFrozen ? ' (frozen)' : ''} · reported by @{report.reporterUsername} ·{' '}
          <time dateTime={report.createdAt}>{formatTimestamp(report.createdAt)}</time>
        </p>
        {report.reportsOnTarget > 1 ? (
          <p className={styles.count}>
            {report.reportsOnTarget} open reports about @{targetUser.username}
          </p>
        ) : null}
      </header>
      {report.note ? (
        <blockquote className={styles.note} dir="auto">
          {report.note}
        </blockquote>
      ) : null}
      <Snapshot snapshot={report.snapshot} />
      <ActionButtons actions={offered(report)} />
    </article>
  );
}
