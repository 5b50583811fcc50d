import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { z } from 'zod';
import { Message, type Conversation } from '../../../../contracts/messages.js';
import { onReconnect, useRealtime } from '../../../lib/socket.js';
import { chatKeys } from '../api/chat-keys.js';
import { applyNewMessage, applySeen, otherParty } from '../api/conversation-cache.js';
import { markSeenBy, mergeMessages } from '../api/message-cache.js';

/** The conversation on screen: whom it is with, and its id once it is a real one. */
export interface OpenConversation {
  userId: string;
  conversationId: string | null;
}

const SeenPayload = z.object({ conversationId: z.string(), seenBy: z.string() });
const ErrorPayload = z.object({ error: z.string() });

function conversations(client: QueryClient): Conversation[] | undefined {
  return client.getQueryData<Conversation[]>(chatKeys.conversations);
}

/** The other user of a conversation id: from the list, or the open conversation when it is that one. */
function partnerOf(
  client: QueryClient,
  conversationId: string,
  open: OpenConversation | null,
): string | undefined {
  const listed = conversations(client)?.find((c) => c._id === conversationId);
  if (listed) return otherParty(listed)?._id;
  if (!open) return undefined;
  if (open.conversationId === conversationId) return open.userId;
  const held = client.getQueryData<Message[]>(chatKeys.messages(open.userId));
  return held?.some((m) => m.conversationId === conversationId) ? open.userId : undefined;
}

/**
 * Keeps the chat's server state consistent from socket events (DESIGN §5: no reloads): new messages,
 * seen marks, refused actions, and a back-fill of what was missed whenever the socket reconnects.
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

    const onNewMessage = (raw: unknown) => {
      const parsed = Message.safeParse(raw);
      if (!parsed.success || handled.has(parsed.data._id)) return;
      const message = parsed.data;
      handled.add(message._id);
      const current = latest.current.open;
      const partner =
        partnerOf(client, message.conversationId, current) ??
        (current && message.sender === current.userId ? current.userId : undefined);
      const isOpen = current !== null && partner === current.userId;
      if (partner !== undefined) {
        client.setQueryData<Message[]>(chatKeys.messages(partner), (held) =>
          held || isOpen ? mergeMessages(held ?? [], [message]) : held,
        );
      }
      const listed = conversations(client)?.some((c) => c._id === message.conversationId);
      if (!listed) {
        // Someone new (or a conversation another tab of mine just started): ask for the real entry.
        void client.invalidateQueries({ queryKey: chatKeys.conversations });
        return;
      }
      const read = isOpen && document.visibilityState === 'visible';
      client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
        applyNewMessage(list ?? [], message, { countUnread: message.sender !== me && !read }),
      );
    };

    const onSeen = (raw: unknown) => {
      const parsed = SeenPayload.safeParse(raw);
      if (!parsed.success) return;
      const partner = partnerOf(client, parsed.data.conversationId, latest.current.open);
      if (partner !== undefined) {
        client.setQueryData<Message[]>(chatKeys.messages(partner), (held) =>
          held ? markSeenBy(held, parsed.data.seenBy) : held,
        );
      }
      client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
        list ? applySeen(list, parsed.data, me) : list,
      );
    };

    const onRefused = (raw: unknown) => {
      const parsed = ErrorPayload.safeParse(raw);
      if (parsed.success) latest.current.onError(parsed.data.error);
    };

    socket.on('newMessage', onNewMessage);
    socket.on('messagesSeen', onSeen);
    socket.on('messageError', onRefused);
    const stopBackfill = onReconnect(() => {
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
      const current = latest.current.open;
      if (current) void client.invalidateQueries({ queryKey: chatKeys.messages(current.userId) });
    });
    return () => {
      socket.off('newMessage', onNewMessage);
      socket.off('messagesSeen', onSeen);
      socket.off('messageError', onRefused);
      stopBackfill();
    };
  }, [socket, client, me]);
}
