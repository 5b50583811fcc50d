import { useMemo, useState } from 'react';
import type { Room } from '../../../../../contracts/rooms.js';
import type { SelfUser } from '../../../../../contracts/users.js';
import { describeError } from '../../../../lib/api-client.js';
import { useOneTimeParam } from '../../../../lib/use-one-time-param.js';
import { chatKeys } from '../../api/chat-keys.js';
import { useMessages } from '../../api/get-messages.js';
import { useMessageChanges } from '../../api/message-changes.js';
import { sendTelling } from '../../api/use-outbox.js';
import { visibleAfter } from '../../api/message-cache.js';
import { roomThread } from '../../api/message-thread.js';
import { Composer } from '../../components/composer.js';
import { useMessageDialogs } from '../../components/message-dialogs.js';
import { MessageList } from '../../components/message-list.js';
import { SpeechNotice } from '../../components/speech-notice.js';
import { useLiveReply } from '../../hooks/ai-reply-store.js';
import { useChatStore } from '../../hooks/chat-store.js';
import { useOlderMessages } from '../../hooks/use-older-messages.js';
import { useSpeech } from '../../hooks/use-speech.js';
import { useChangeRoom } from '../api/change-room.js';
import { mentionable } from '../api/room-cache.js';
import { useSendRoomMessage } from '../api/send-room-message.js';
import { useJoinSpeaking } from '../hooks/use-join-speaking.js';
import { useMarkRoomRead, useTypingSignal } from '../hooks/use-room-presence.js';
import { FORMER_MEMBER, useRoomSenders } from '../hooks/use-room-senders.js';
import { useTypingIn } from '../hooks/room-typing-store.js';
import { MembersPanel } from './members-panel.js';
import { RoomHeader } from './room-header.js';
import { RoomLive } from './room-live.js';
import { TypingLine } from './typing-line.js';
import styles from './room-page.module.css';
import { PageTitle } from '../../../../components/ui/page-title.js';

/** Said in place of the message box once I am no longer in the room. */
export const LEFT_ROOM_NOTICE = 'You are no longer in this room.';

interface RoomConversationProps {
  me: SelfUser;
  room: Room;
  onSendFailed: (error: string) => void;
  composerId?: string;
}

/** An open room: header and members, the messages with personas' replies as they stream, and the box. */
export function RoomConversation({ me, room, onSendFailed, composerId }: RoomConversationProps) {
  const roomId = room._id;
  const thread = useMemo(() => roomThread(roomId), [roomId]);
  const messages = useMessages(thread, true);
  const cutoff = useChatStore((state) => state.clearedBefore[roomId]);
  const clearHistory = useChatStore((state) => state.clearHistory);
  const held = useMemo(() => messages.data ?? [], [messages.data]);
  const visible = useMemo(() => visibleAfter(held, cutoff), [held, cutoff]);
  const older = useOlderMessages(thread, held, cutoff === undefined);
  const outbox = useSendRoomMessage(roomId);
  const speech = useSpeech();
  const dialogs = useMessageDialogs();
  const mute = useChangeRoom(roomId);
  const [membersOpen, setMembersOpen] = useState(false);
  const { members, senderOf, seenNote } = useRoomSenders(room, me, visible);
  useJoinSpeaking(room);
  const live = useLiveReply({ conversationId: roomId }, held);
  const typingIds = useTypingIn(roomId);
  const onTyping = useTypingSignal(roomId);
  useMarkRoomRead(roomId, visible, !room.left);
  const [jumpToId, forgetJump] = useOneTimeParam('message');
  const jumpTo = useMemo(() => ({ messageId: jumpToId, onShown: forgetJump }), [jumpToId, forgetJump]);

  const personaName = (personaId: string) => members.get(personaId)?.username ?? 'a persona';
  const typingNames = typingIds.flatMap((id) => members.get(id)?.username ?? []);
  const mentions = useMemo(() => mentionable(room, me._id), [room, me._id]);

  const sendText = sendTelling(outbox, onSendFailed);
  const changes = useMessageChanges(chatKeys.roomMessages(roomId), onSendFailed);
  const cleanSlate = () => {
    const newest = held.at(-1);
    if (newest) clearHistory(roomId, newest.createdAt);
  };

  return (
    <>
      <PageTitle>{`${room.name} · Simplified`}</PageTitle>
      <RoomHeader
        room={room}
        membersOpen={membersOpen}
        onMembers={() => setMembersOpen(true)}
        muting={mute.isPending}
        onMute={(muted) => mute.mutate({ kind: 'mute', muted })}
      />
      <MessageList
        me={me}
        label={`Messages in ${room.name}`}
        emptyText={
          room.left
            ? 'No messages from your time in this room.'
            : `No messages yet. Say hello to ${room.name}.`
        }
        senderOf={senderOf}
        messages={visible}
        loading={messages.isPending}
        error={messages.isError && held.length === 0 ? describeError(messages.error) : null}
        onRetry={() => void messages.refetch()}
        older={older}
        speech={speech}
        streaming={live.bubbles.map((reply) => ({ ...reply, username: personaName(reply.personaId) }))}
        seenNote={seenNote}
        liveKey={live.key}
        onForward={dialogs.onForward}
        onReport={(message, author) => dialogs.onReport(message, author || FORMER_MEMBER)}
        jumpTo={jumpTo}
        // A room one left is read-only.
        changes={room.left ? undefined : changes}
        footer={
          live.waiting.length + live.speaking.length + live.failures.length === 0 ? null : (
            <RoomLive
              roomId={roomId}
              me={me._id}
              ownerId={room.ownerId}
              personaName={personaName}
              waiting={live.waiting}
              speaking={room.left ? [] : live.speaking}
              failures={live.failures}
            />
          )
        }
      />
      {dialogs.shown}
      <SpeechNotice notice={speech.notice} onDismiss={speech.dismissNotice} />
      {room.left ? (
        <p className={styles.leftNotice} role="status">
          {LEFT_ROOM_NOTICE} You can read what was said while you were here.
        </p>
      ) : (
        <>
          <TypingLine usernames={typingNames} />
          <Composer
            recipient={room.name}
            placeholder={`message ${room.name}`}
            onSend={sendText}
            retrying={outbox.retrying}
            onCleanSlate={cleanSlate}
            boxId={composerId}
            onTyping={onTyping}
            mentions={mentions}
          />
        </>
      )}
      <MembersPanel room={room} me={me._id} open={membersOpen} onClose={() => setMembersOpen(false)} />
    </>
  );
}
