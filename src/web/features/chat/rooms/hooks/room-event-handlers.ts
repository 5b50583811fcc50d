import type { QueryClient } from '@tanstack/react-query';
import type { Room, RoomSummary } from '../../../../../contracts/rooms.js';
import type { ServerEventHandlers } from '../../../../lib/socket.js';
import { chatKeys } from '../../api/chat-keys.js';
import { markRoomLeft } from '../api/change-room.js';
import { applyRoomRead, clearRoomUnread } from '../api/room-cache.js';
import { useRoomTyping } from './room-typing-store.js';

/** What the rooms' socket handlers work with. */
export interface RoomEventContext {
  client: QueryClient;
  me: string;
}

/** The rooms' own server events: settings and members, removal, read positions and typing. */
export function roomEventHandlers({ client, me }: RoomEventContext): ServerEventHandlers {
  return {
    roomChanged: ({ roomId }) => {
      void client.invalidateQueries({ queryKey: chatKeys.room(roomId) });
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
      // The owner may have switched the room's memory: an open memory dialog says so.
      void client.invalidateQueries({ queryKey: chatKeys.memory(roomId) });
    },
    roomRemoved: ({ roomId }) => markRoomLeft(client, roomId),
    roomRead: ({ roomId, userId, messageId }) => {
      // I read it in another tab: nothing is unread here either.
      if (userId === me) {
        client.setQueryData<RoomSummary[]>(chatKeys.rooms, (list) => list && clearRoomUnread(list, roomId));
      }
      client.setQueryData<Room>(
        chatKeys.room(roomId),
        (room) => room && applyRoomRead(room, userId, messageId),
      );
    },
    typing: ({ conversationId, userId }) => {
      if (userId !== me) useRoomTyping.getState().hear(conversationId, userId);
    },
  };
}
