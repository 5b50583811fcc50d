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
): void {
  const client = useQueryClient();
  const socket = useRealtime((state) => state.socket);
  const latest = useRef({ open, onError });
  useLayoutEffect(() => {
    latest.current = { open, onError };
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
      const current = latest.current.open;
      if (current) void client.invalidateQueries({ queryKey: chatKeys.messages(current.userId) });
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
