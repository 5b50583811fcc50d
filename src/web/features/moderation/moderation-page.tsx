import { useId } from 'react';
import type { AuditEntry, ModerationAction } from '../../../contracts/moderation.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { describeError } from '../../lib/api-client.js';
import { formatTimestamp } from '../../lib/format-timestamp.js';
import { useSession } from '../../lib/session-store.js';
import { ActionButtons, type OfferedAction } from './action-form.js';
import { useAuditLog, useReportQueue } from './moderation-api.js';
import { ReportCard } from './report-card.js';
import styles from './moderation.module.css';
import { PageTitle } from '../../components/ui/page-title.js';

export const NOT_A_MODERATOR = 'Only moderators can see this page.';
export const QUEUE_EMPTY = 'No open reports. All clear.';

const ACTION_LABELS: Record<ModerationAction, string> = {
  rate_persona: 'rated',
  dismiss_report: 'dismissed a report',
  remove_message: 'removed a message',
  freeze_persona: 'froze',
  unfreeze_persona: 'unfroze',
  suspend_account: 'suspended',
  restore_account: 'restored',
};

/** What undoes an action, offered beside it in the log. */
function undoOf(entry: AuditEntry): OfferedAction[] {
  if (entry.action === 'freeze_persona')
    return [{ label: 'Unfreeze', path: `/api/moderation/personas/${entry.targetId}/unfreeze` }];
  if (entry.action === 'suspend_account')
    return [{ label: 'Restore', path: `/api/moderation/users/${entry.targetId}/restore` }];
  return [];
}

function AuditLogSection() {
  const headingId = useId();
  const log = useAuditLog();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Audit log
      </h2>
      <p className={styles.hint}>Every moderator action, who took it and why. Nobody can change it.</p>
      {log.isError ? <InlineMessage kind="error">{describeError(log.error)}</InlineMessage> : null}
      <ol className={styles.log}>
        {log.data?.map((entry) => (
          <li key={entry._id} className={styles.logEntry}>
            <p>
              <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt)}</time> · @
              {entry.moderatorUsername} {ACTION_LABELS[entry.action]} {entry.targetLabel}
            </p>
            <p className={styles.hint} dir="auto">
              Reason: {entry.reason}
            </p>
            {undoOf(entry).length ? <ActionButtons actions={undoOf(entry)} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Queue() {
  const headingId = useId();
  const queue = useReportQueue();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Open reports{queue.data ? ` (${queue.data.length})` : ''}
      </h2>
      {queue.isError ? <InlineMessage kind="error">{describeError(queue.error)}</InlineMessage> : null}
      {queue.data?.length === 0 ? <p className={styles.hint}>{QUEUE_EMPTY}</p> : null}
      {queue.data?.map((report) => (
        <ReportCard key={report._id} report={report} />
      ))}
    </section>
  );
}

/** /moderation: the moderators' queue of open reports and the audit log. */
export function ModerationPage() {
  const me = useSession((state) => state.user);
  return (
    <div className={styles.page}>
      <PageTitle>Moderation · Simplified</PageTitle>
      <h1 className={styles.title}>Moderation</h1>
      {me?.isModerator ? (
        <>
          <Queue />
          <AuditLogSection />
        </>
      ) : (
        <InlineMessage kind="error">{NOT_A_MODERATOR}</InlineMessage>
      )}
    </div>
  );
}
