import { useState } from 'react';
import { Button } from '../ui/button.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';
import { BlockIcon } from '../ui/icons.js';
import { InlineMessage } from '../ui/inline-message.js';
import { describeError } from '../../lib/api-client.js';
import { useSetBlocked } from '../../lib/blocks-api.js';

/** What blocking does, said before it is done (and it is undone from the profile or the blocked list). */
export const BLOCK_EXPLAINED =
  'They will no longer be able to message you or see when you are online, and you will no longer see them or their personas. They are not told.';

interface BlockButtonProps {
  userId: string;
  username: string;
  blocked: boolean;
  /** Called once the change is saved (a conversation leaves the screen after a block). */
  onChanged?: (blocked: boolean) => void;
}

/** Block (after a confirmation) or unblock a person. */
export function BlockButton({ userId, username, blocked, onChanged }: BlockButtonProps) {
  const [asking, setAsking] = useState(false);
  const setBlocked = useSetBlocked();
  const change = (next: boolean) =>
    setBlocked.mutate({ userId, blocked: next }, { onSuccess: () => onChanged?.(next) });
  return (
    <>
      <Button
        variant="secondary"
        busy={setBlocked.isPending}
        onClick={() => (blocked ? change(false) : setAsking(true))}
      >
        <BlockIcon size={18} />
        {blocked ? 'Unblock' : 'Block'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Block @${username}?`}
        confirmLabel="Block"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          change(true);
        }}
      >
        {BLOCK_EXPLAINED}
      </ConfirmDialog>
      {setBlocked.isError ? (
        <InlineMessage kind="error">{describeError(setBlocked.error)}</InlineMessage>
      ) : null}
    </>
  );
}
