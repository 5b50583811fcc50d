import { useState, type FormEvent } from 'react';
import { MODERATION_LIMITS } from '../../../contracts/moderation.js';
import { Button } from '../../components/ui/button.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { TextField } from '../../components/ui/text-field.js';
import { describeError } from '../../lib/api-client.js';
import { useModerate, type ModeratorAction } from './moderation-api.js';
import styles from './moderation.module.css';

/** A moderator action on offer: its button, and what it sends once a reason is given. */
export interface OfferedAction {
  label: string;
  path: string;
  days?: number | null;
  rating?: 'general' | 'mature';
}

/** A row of actions; the one picked asks for its reason (kept in the audit log) before it is done. */
export function ActionButtons({ actions }: { actions: OfferedAction[] }) {
  const [picked, setPicked] = useState<OfferedAction | null>(null);
  const [reason, setReason] = useState('');
  const moderate = useModerate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!picked || !reason.trim()) return;
    const body: ModeratorAction['body'] = { reason: reason.trim() };
    if (picked.days !== undefined) body.days = picked.days;
    if (picked.rating !== undefined) body.rating = picked.rating;
    moderate.mutate({ path: picked.path, body }, { onSuccess: () => setPicked(null) });
  };

  if (!picked)
    return (
      <div className={styles.actions}>
        {actions.map((action) => (
          <Button
            key={action.label}
            variant="secondary"
            onClick={() => {
              moderate.reset();
              setReason('');
              setPicked(action);
            }}
          >
            {action.label}
          </Button>
        ))}
      </div>
    );
  return (
    <form className={styles.reasonForm} onSubmit={onSubmit}>
      <TextField
        label={`Reason to ${picked.label.toLowerCase()} (kept in the audit log)`}
        value={reason}
        maxLength={MODERATION_LIMITS.reasonChars}
        autoFocus
        required
        onChange={(e) => setReason(e.target.value)}
      />
      {moderate.isError ? <InlineMessage kind="error">{describeError(moderate.error)}</InlineMessage> : null}
      <div className={styles.actions}>
        <Button type="button" variant="ghost" onClick={() => setPicked(null)}>
          Cancel
        </Button>
        <Button type="submit" busy={moderate.isPending} disabled={!reason.trim() || moderate.isPending}>
          {picked.label}
        </Button>
      </div>
    </form>
  );
}
