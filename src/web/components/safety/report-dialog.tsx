import { useId, useRef, useState, type FormEvent } from 'react';
import {
  MODERATION_LIMITS,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type ReportKind,
  type ReportReason,
} from '../../../contracts/moderation.js';
import { describeError } from '../../lib/api-client.js';
import { useReport } from '../../lib/report-api.js';
import { Button } from '../ui/button.js';
import { CharCounter } from '../ui/char-counter.js';
import { InlineMessage } from '../ui/inline-message.js';
import { useModal } from '../ui/use-modal.js';
import styles from './report-dialog.module.css';

interface ReportDialogProps {
  kind: ReportKind;
  targetId: string;
  /** What is reported, as the title names it: "@grace", "this message". */
  subject: string;
  onClose: () => void;
}

/**
 * Report a persona, a message or a person to the moderators: a reason from the short list and an optional note.
 * A modal on the browser's <dialog>; once sent it says so and offers only Close.
 */
export function ReportDialog({ kind, targetId, subject, onClose }: ReportDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const report = useReport();
  const onEscape = useModal(ref, true, onClose, (dialog) => dialog.querySelector('input')?.focus());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason || report.isPending) return;
    report.mutate({ kind, targetId, reason, note: note.trim() });
  };

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={`${id}-title`} onCancel={onEscape}>
      {report.isSuccess ? (
        <div className={styles.form}>
          <h2 id={`${id}-title`} className={styles.title}>
            Report sent
          </h2>
          <p role="status">{report.data.message}</p>
          <div className={styles.actions}>
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} className={styles.form}>
          <h2 id={`${id}-title`} className={styles.title}>
            Report {subject}
          </h2>
          <fieldset className={styles.reasons}>
            <legend className={styles.legend}>What is wrong?</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className={styles.reason}>
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <label className={styles.legend} htmlFor={`${id}-note`}>
            Anything the moderators should know (optional)
          </label>
          <textarea
            id={`${id}-note`}
            className={styles.note}
            rows={3}
            maxLength={MODERATION_LIMITS.noteChars}
            value={note}
            aria-describedby={`${id}-count ${id}-private`}
            onChange={(e) => setNote(e.target.value)}
          />
          <CharCounter id={`${id}-count`} count={note.length} max={MODERATION_LIMITS.noteChars} />
          <p id={`${id}-private`} className={styles.private}>
            Only moderators see your report; the one you report is not told who reported.
          </p>
          {report.isError ? <InlineMessage kind="error">{describeError(report.error)}</InlineMessage> : null}
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={report.isPending} disabled={!reason || report.isPending}>
              Send report
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
