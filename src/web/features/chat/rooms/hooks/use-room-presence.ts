import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Message } from '../../../../../contracts/messages.js';
import type { RoomSummary } from '../../../../../contracts/rooms.js';
import { useRealtime } from '../../../../lib/socket.js';
import { chatKeys } from '../../api/chat-keys.js';
import { useDocumentVisible } from '../../hooks/use-mark-seen.js';
import { clearRoomUnread } from '../api/room-cache.js';

/** A person typing says so at most this often; the others show it for TYPING_SHOWN_MS after each. */
export const TYPING_EVERY_MS = 3000;

/**
 * The room's read position: while the tab is visible, the newest message on screen is read (markRoomRead,
 * once per message) and the inbox counts nothing unread. Nothing is said once I am out of the room.
 */
export function useMarkRoomRead(roomId: string, messages: readonly Message[], active: boolean): void {
  const client = useQueryClient();
  const socket = useRealtime((state) => state.socket);
  const connected = useRealtime((state) => state.status === 'connected');
  const visible = useDocumentVisible();
  const reported = useRef<string | null>(null);
  const last = messages.at(-1);

  useEffect(() => {
    if (!visible || !active) return;
    client.setQueryData<RoomSummary[]>(chatKeys.rooms, (list) => list && clearRoomUnread(list, roomId));
  }, [client, roomId, visible, active, last?._id]);

  useEffect(() => {
    if (!socket || !connected || !visible || !active || !last || reported.current === last._id) return;
    reported.current = last._id;
    socket.emit('markRoomRead', { roomId, messageId: last._id });
  }, [socket, connected, visible, active, last, roomId]);
}

/** Tells the room I am typing: at most every TYPING_EVERY_MS, whatever the number of keys pressed. */
export function useTypingSignal(roomId: string): () => void {
  const socket = useRealtime((state) => state.socket);
  const lastSent = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (!socket || now - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = now;
    socket.emit('typing', { conversationId: roomId });
  }, [socket, roomId]);
}
