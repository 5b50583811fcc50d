import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '../../../../../contracts/messages.js';
import type { RoomSummary } from '../../../../../contracts/rooms.js';
import { chatKeys } from '../../api/chat-keys.js';
import { mergeMessages } from '../../api/message-cache.js';
import { applyRoomMessage } from './room-cache.js';

/**
 * The one way a room's message enters the caches, the answer to my send or a socket event: the room's
 * messages (each once; held, or the room is on screen) and the inbox's preview, time, order and unread count.
 */
export function applyIncomingRoomMessage(
  client: QueryClient,
  message: Message,
  { onScreen, unread }: { onScreen: boolean; unread: boolean },
): void {
  client.setQueryData<Message[]>(chatKeys.roomMessages(message.conversationId), (held) =>
    held || onScreen ? mergeMessages(held ?? [], [message]) : held,
  );
  const list = client.getQueryData<RoomSummary[]>(chatKeys.rooms);
  if (list?.some((room) => room._id === message.conversationId)) {
    client.setQueryData<RoomSummary[]>(chatKeys.rooms, (current) =>
      applyRoomMessage(current ?? [], message, { countUnread: unread }),
    );
  } else {
    // A room just made or joined (here or in another tab): ask for its entry.
    void client.invalidateQueries({ queryKey: chatKeys.rooms });
  }
}

/** Whether a conversation id is a room's, as far as this tab knows (listed, or its page was opened). */
export function isKnownRoom(client: QueryClient, conversationId: string): boolean {
  return (
    client.getQueryData<RoomSummary[]>(chatKeys.rooms)?.some((room) => room._id === conversationId) ===
      true || client.getQueryData(chatKeys.room(conversationId)) !== undefined
  );
}
