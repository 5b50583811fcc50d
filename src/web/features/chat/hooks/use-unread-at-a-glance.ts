import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onMissedEvents, onServerEvents, useRealtime } from '../../../lib/socket.js';
import { setUnreadTotal } from '../../../lib/unread-store.js';
import { chatKeys } from '../api/chat-keys.js';
import { useConversations } from '../api/get-conversations.js';
import { unreadTotal } from '../api/unread-total.js';
import { useRooms } from '../rooms/api/get-rooms.js';

/**
 * Keeps the unread total (lib/unread-store.ts: the tab title and the app's badge) from the inbox's lists, on
 * every page of a signed-in person. The chat screen keeps those lists live itself (useChatEvents); elsewhere
 * (`chatOpen` false) a new message, a read mark or a reconnect has them fetched again, so the title counts in a tab that
 * shows the Studio too.
 */
export function useUnreadAtAGlance(signedIn: boolean, chatOpen: boolean): void {
  const client = useQueryClient();
  const socket = useRealtime((state) => state.socket);
  const conversations = useConversations(signedIn);
  const rooms = useRooms(signedIn);
  const total = signedIn ? unreadTotal(conversations.data, rooms.data) : 0;

  useEffect(() => setUnreadTotal(total), [total]);

  useEffect(() => {
    if (!signedIn || chatOpen || !socket) return;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
    };
    const stopListening = onServerEvents(socket, {
      newMessage: refresh,
      messagesSeen: refresh,
      roomRead: refresh,
    });
    const stopBackfill = onMissedEvents(refresh);
    return () => {
      stopListening();
      stopBackfill();
    };
  }, [client, socket, signedIn, chatOpen]);
}
