import { useNavigate } from 'react-router';
import { BlockButton } from '../../../components/safety/block-button.js';
import { IconButton } from '../../../components/ui/button.js';
import { BellIcon, BellOffIcon } from '../../../components/ui/icons.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { describeError } from '../../../lib/api-client.js';
import { useBlockList } from '../../../lib/blocks-api.js';
import { useConversations } from '../api/get-conversations.js';
import { useSetMuted } from '../api/update-conversation.js';
import type { ChatPartner } from '../hooks/chat-store.js';
import styles from './conversation.module.css';

interface ConversationActionsProps {
  partner: ChatPartner;
  /** Null until the conversation exists (its first message). */
  conversationId: string | null;
}

/** The header's safety controls: mute this conversation, and block the person it is with. */
export function ConversationActions({ partner, conversationId }: ConversationActionsProps) {
  const navigate = useNavigate();
  const listed = useConversations(false).data?.find((c) => c._id === conversationId);
  const setMuted = useSetMuted();
  const muted = listed?.muted === true;
  const blocks = useBlockList();
  const blocked = blocks.data?.some((person) => person._id === partner.userId) === true;
  const label = muted ? 'Unmute conversation' : 'Mute conversation';
  return (
    <div className={styles.headerActions}>
      {conversationId ? (
        <Tooltip label={label} kind="secondary" placement="bottom-end">
          <IconButton
            aria-label={label}
            aria-pressed={muted}
            disabled={setMuted.isPending}
            onClick={() => setMuted.mutate({ conversationId, muted: !muted })}
          >
            {muted ? <BellOffIcon /> : <BellIcon />}
          </IconButton>
        </Tooltip>
      ) : null}
      {partner.isAi ? null : (
        <BlockButton
          userId={partner.userId}
          username={partner.username}
          blocked={blocked}
          onChanged={(blocked) => {
            // The blocker no longer sees the conversation: back to the list.
            if (blocked) void navigate('/chat/:ai');
          }}
        />
      )}
      {setMuted.isError ? <InlineMessage kind="error">{describeError(setMuted.error)}</InlineMessage> : null}
    </div>
  );
}
