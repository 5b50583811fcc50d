import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Conversation, Message } from '../../../../contracts/messages.js';
import { useRealtime } from '../../../lib/socket.js';
import { chatKeys } from '../api/chat-keys.js';
import { clearUnread } from '../api/conversation-cache.js';

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether this tab is in front; a message only counts as read when someone can see it. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/**
 * SPEC §4 message seen: when the open conversation's last message came from the other person and is
 * unseen, tell the server (once per message, only while the tab is visible). The open conversation's
 * unread badge goes to 0 at the same time.
 */
export function useMarkSeen(me: string, conversationId: string | null, messages: readonly Message[]): void {
  const client = useQueryClient();
  const socket = useRealtime((state) => state.socket);
  const visible = useDocumentVisible();
  const reported = useRef<string | null>(null);
  const last = messages.at(-1);

  useEffect(() => {
    if (!visible || conversationId === null) return;
    client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
      list ? clearUnread(list, conversationId) : list,
    );
  }, [client, conversationId, visible, last?._id]);

  useEffect(() => {
    if (!socket || !visible || !last || last.sender === me || last.seen) return;
    if (reported.current === last._id) return;
    reported.current = last._id;
    socket.emit('markMessagesAsSeen', { conversationId: last.conversationId, userId: me });
  }, [socket, visible, last, me]);
}
