import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { onMissedEvents, onServerEvents, useRealtime } from '../../../lib/socket.js';
import { chatKeys } from '../api/chat-keys.js';
import { useAiReplies } from './ai-reply-store.js';
import { chatEventHandlers, type OpenConversation } from './chat-event-handlers.js';
import { createReplyCatchUp } from './reply-catch-up.js';

/**
 * Keeps the chat's server state consistent from socket events (DESIGN §5: no reloads): new messages,
 * seen marks, refused actions, personas' replies as they stream, and a back-fill of what was missed
 * whenever events may have been missed (a reconnect, or the server saying so).
 */
export function useChatEvents(
  me: string,
  open: OpenConversation | null,
  onError: (message: string) => void,
  openRoom: string | null = null,
): void {
  const client = useQueryClient();
  const socket = useRealtime((state) => state.socket);
  const latest = useRef({ open, onError, openRoom });
  useLayoutEffect(() => {
    latest.current = { open, onError, openRoom };
  });

  useEffect(() => {
    if (!socket) return;
    const handled = new Set<string>();
    const replies = useAiReplies.getState;
    const catchUp = createReplyCatchUp(handled, replies());
    const stopListening = onServerEvents(
      socket,
      chatEventHandlers({
        client,
        me,
        open: () => latest.current.open,
        openRoom: () => latest.current.openRoom,
        showError: (message) => latest.current.onError(message),
        replies,
        handled,
        catchUpOnReplies: catchUp.run,
      }),
    );
    // A stream cut by a lost connection is dropped; the stored reply comes by back-fill or newMessage.
    const onDisconnect = () => replies().dropStreams();
    socket.on('disconnect', onDisconnect);
    catchUp.run();
    const stopBackfill = onMissedEvents(() => {
      catchUp.run();
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
      const current = latest.current.open;
      if (current) void client.invalidateQueries({ queryKey: chatKeys.messages(current.userId) });
      const room = latest.current.openRoom;
      if (room) {
        void client.invalidateQueries({ queryKey: chatKeys.room(room) });
        void client.invalidateQueries({ queryKey: chatKeys.roomMessages(room) });
      }
    });
    return () => {
      catchUp.stop();
      stopListening();
      socket.off('disconnect', onDisconnect);
      stopBackfill();
      // Nobody listens to the rest of these streams now; a return resumes them from their next delta.
      replies().dropStreams();
    };
  }, [socket, client, me]);
}
