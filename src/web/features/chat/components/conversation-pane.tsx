import { useMemo } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import { DELETED_ACCOUNT_NAME, MY_DATA_ERRORS } from '../../../../contracts/my-data.js';
import type { SelfUser } from '../../../../contracts/users.js';
import { DEFAULT_VOICE } from '../../../../contracts/voices.js';
import { describeError } from '../../../lib/api-client.js';
import { useOneTimeParam } from '../../../lib/use-one-time-param.js';
import { regenerateReply } from '../api/ai-replies.js';
import { visibleAfter } from '../api/message-cache.js';
import { useMessageChanges } from '../api/message-changes.js';
import { chatKeys } from '../api/chat-keys.js';
import { useMessages } from '../api/get-messages.js';
import { directThread } from '../api/message-thread.js';
import { useSendMessage } from '../api/send-message.js';
import { sendTelling } from '../api/use-outbox.js';
import { useAiReplies, useLiveReply } from '../hooks/ai-reply-store.js';
import { useChatStore, type SelectedConversation } from '../hooks/chat-store.js';
import { useMarkSeen } from '../hooks/use-mark-seen.js';
import { useOlderMessages } from '../hooks/use-older-messages.js';
import { useSpeech } from '../hooks/use-speech.js';
import { AiMemoryButton } from './ai-memory-button.js';
import { ReplyFailure, TypingIndicator } from './ai-reply.js';
import { Composer, composerPlaceholder } from './composer.js';
import { MemoryButton } from './memory-dialog.js';
import { useAiStatus } from '../../../lib/ai-status-api.js';
import { ConversationActions } from './conversation-actions.js';
import { ConversationHeader } from './conversation-header.js';
import { useMessageDialogs } from './message-dialogs.js';
import { MessageList, type Sender } from './message-list.js';
import { SpeechNotice } from './speech-notice.js';
import styles from './conversation.module.css';

interface ConversationPaneProps {
  me: SelfUser;
  conversation: SelectedConversation;
  /** Told about every failed send (the composer shows it; the page avoids repeating it). */
  onSendFailed: (error: string) => void;
  /** The composer's text box id (the toolbar's skip link leads there). */
  composerId?: string;
}

/** The open conversation: header, messages and composer. Keyed by the other user, so state resets. */
export function ConversationPane({ me, conversation, onSendFailed, composerId }: ConversationPaneProps) {
  const thread = useMemo(() => directThread(conversation.userId), [conversation.userId]);
  const messages = useMessages(thread, !conversation.mock);
  const cutoff = useChatStore((state) => state.clearedBefore[conversation.userId]);
  const clearHistory = useChatStore((state) => state.clearHistory);
  const held = useMemo(() => messages.data ?? [], [messages.data]);
  const visible = useMemo(() => visibleAfter(held, cutoff), [held, cutoff]);
  const conversationId = (conversation.mock ? '' : conversation._id) || (held.at(-1)?.conversationId ?? null);
  const older = useOlderMessages(thread, held, !conversation.mock && cutoff === undefined);
  const outbox = useSendMessage(conversation);
  const speech = useSpeech();
  const isPersonaReply = (message: Message) => message.sender === conversation.userId;
  const changes = useMessageChanges(chatKeys.messages(conversation.userId), onSendFailed);
  // Read aloud in the sender's voice: a persona's is its creator's choice, people's is mine to pick.
  const senderOf = useMemo(() => {
    const mine: Sender = { username: me.username, voice: me.peopleVoice };
    const partner: Sender = {
      username: conversation.username,
      byline: conversation.deleted ? DELETED_ACCOUNT_NAME : undefined,
      voice: conversation.isAi ? (conversation.voice ?? DEFAULT_VOICE) : me.peopleVoice,
    };
    return (message: Message) => (message.sender === me._id ? mine : partner);
  }, [me, conversation.username, conversation.deleted, conversation.isAi, conversation.voice]);
  useMarkSeen(me._id, conversationId, visible);
  const live = useLiveReply({ conversationId, personaId: conversation.userId }, held);
  const failure = live.failure;
  const dismissFailure = useAiReplies((state) => state.dismissFailure);
  const last = held.at(-1);
  const lastMine = visible.findLast((message) => message.sender === me._id);
  const loading = !conversation.mock && messages.isPending;
  // The persona speaks first: until its stored opening arrives (with the first send), it shows from the profile.
  // Any message of the persona's in the conversation means the opening is stored, or the chat began without one.
  const opening =
    conversation.isAi &&
    !loading &&
    !messages.isError &&
    !older.hasMore &&
    !held.some((message) => message.sender === conversation.userId)
      ? (conversation.openingMessage ?? '')
      : '';
  // Memory is made by the AI; with AI switched off on this server there is none to show.
  const aiOn = useAiStatus(conversation.isAi).data?.state !== 'off';
  // ?message=<id>: a search result opened here. Forgotten once shown, so Back and reloads do not jump again.
  const [jumpToId, forgetJump] = useOneTimeParam('message');
  const jumpTo = useMemo(() => ({ messageId: jumpToId, onShown: forgetJump }), [jumpToId, forgetJump]);
  const dialogs = useMessageDialogs();

  const sendText = sendTelling(outbox, onSendFailed);

  // The persona answers my last message again; the message itself is never sent (or stored) twice.
  const retry =
    last && last.sender === me._id
      ? async () => {
          await regenerateReply(last.conversationId);
          if (failure) dismissFailure(failure);
        }
      : undefined;

  const cleanSlate = () => {
    const newest = held.at(-1);
    if (newest) clearHistory(conversation.userId, newest.createdAt);
  };

  return (
    <>
      <ConversationHeader
        username={conversation.username}
        partner={conversation}
        actions={<ConversationActions partner={conversation} conversationId={conversationId} />}
      />
      <MessageList
        me={me}
        label={`Messages with ${conversation.deleted ? DELETED_ACCOUNT_NAME : `@${conversation.username}`}`}
        emptyText={`No messages yet. Say hello to @${conversation.username}.`}
        senderOf={senderOf}
        messages={visible}
        loading={loading}
        error={messages.isError && held.length === 0 ? describeError(messages.error) : null}
        onRetry={() => void messages.refetch()}
        older={older}
        speech={speech}
        opening={opening ? { username: conversation.username, text: opening } : null}
        streaming={live.bubbles.map((reply) => ({ ...reply, username: conversation.username }))}
        seenNote={(message) => (message === lastMine && message.seen ? 'Seen' : null)}
        liveKey={live.key}
        onForward={dialogs.onForward}
        onReport={dialogs.onReport}
        jumpTo={jumpTo}
        changes={conversation.mock ? undefined : changes}
        // A persona chat is the person's own: they may delete its replies too (never in a room).
        mayDeleteOthers={conversation.isAi ? isPersonaReply : undefined}
        footer={
          live.typing || failure ? (
            <>
              {live.typing ? <TypingIndicator username={conversation.username} /> : null}
              {failure ? (
                <ReplyFailure
                  username={conversation.username}
                  error={failure.error}
                  onRetry={retry}
                  onDismiss={() => dismissFailure(failure)}
                />
              ) : null}
            </>
          ) : null
        }
      />
      {dialogs.shown}
      <SpeechNotice notice={speech.notice} onDismiss={speech.dismissNotice} />
      {conversation.deleted ? (
        <p className={styles.deletedNotice}>
          {MY_DATA_ERRORS.accountDeleted} You can read this conversation, but not reply.
        </p>
      ) : (
        <Composer
          recipient={`@${conversation.username}`}
          placeholder={composerPlaceholder(conversation.username, conversation.isAi)}
          onSend={sendText}
          retrying={outbox.retrying}
          onCleanSlate={cleanSlate}
          boxId={composerId}
          tools={
            conversation.isAi && visible.length > 0 && conversationId ? (
              <>
                <AiMemoryButton conversationId={conversationId} />
                {aiOn ? (
                  <MemoryButton conversationId={conversationId} username={conversation.username} />
                ) : null}
              </>
            ) : null
          }
        />
      )}
    </>
  );
}
