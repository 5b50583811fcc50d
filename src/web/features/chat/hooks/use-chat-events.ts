import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { z } from 'zod';
import { Message, type Conversation } from '../../../../contracts/messages.js';
import { onReconnect, useRealtime } from '../../../lib/socket.js';
import { chatKeys } from '../api/chat-keys.js';
import { applyNewMessage, applySeen, otherParty } from '../api/conversation-cache.js';
import { markSeenBy, mergeMessages } from '../api/message-cache.js';
import { useAiReplies } from './ai-reply-store.js';

/** The conversation on screen: whom it is with, and its id once it is a real one. */
export interface OpenConversation {
  userId: string;
  conversationId: string | null;
}

const SeenPayload = z.object({ conversationId: z.string(), seenBy: z.string() });
const ErrorPayload = z.object({ error: z.string() });
const ReplyStartPayload = z.object({
  conversationId: z.string().min(1),
  replyId: z.string().min(1),
  personaId: z.string().min(1),
});
const ReplyDeltaPayload = z.object({
  conversationId: z.string().min(1),
  replyId: z.string().min(1),
  delta: z.string(),
});
const ReplyErrorPayload = z.object({
  conversationId: z.string().min(1),
  replyId: z.string().min(1),
  error: z.string(),
});

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
 * seen marks, refused actions, personas' replies as they stream, and a back-fill of what was missed
 * whenever the socket reconnects.
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

    const replies = useAiReplies.getState();

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
      // A persona's stored reply replaces its streamed bubble: the open conversation drops the bubble
      // once its list shows the message (no blink between the two); elsewhere it simply goes.
      if (message._id in useAiReplies.getState().streams) {
        if (isOpen) replies.finish(message._id);
        else replies.remove([message._id]);
      }
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

    const onReplyStart = (raw: unknown) => {
      const parsed = ReplyStartPayload.safeParse(raw);
      if (parsed.success && !handled.has(parsed.data.replyId)) replies.start(parsed.data);
    };

    const onReplyDelta = (raw: unknown) => {
      const parsed = ReplyDeltaPayload.safeParse(raw);
      if (!parsed.success || handled.has(parsed.data.replyId)) return;
      const { conversationId, replyId, delta } = parsed.data;
      if (replies.append(replyId, delta)) return;
      // A reply that began before this screen listened (or before a reconnect): show that it is coming.
      const personaId = partnerOf(client, conversationId, latest.current.open);
      if (personaId !== undefined) replies.resume({ conversationId, replyId, personaId });
    };

    const onReplyError = (raw: unknown) => {
      const parsed = ReplyErrorPayload.safeParse(raw);
      if (!parsed.success) return;
      const { conversationId, replyId, error } = parsed.data;
      const personaId =
        useAiReplies.getState().streams[replyId]?.personaId ??
        partnerOf(client, conversationId, latest.current.open);
      if (personaId === undefined) replies.remove([replyId]);
      else replies.fail({ conversationId, replyId, personaId, error });
    };

    // A stream cut by a lost connection is dropped; the stored reply comes by back-fill or newMessage.
    const onDisconnect = () => replies.dropStreams();

    socket.on('newMessage', onNewMessage);
    socket.on('messagesSeen', onSeen);
    socket.on('messageError', onRefused);
    socket.on('aiReplyStart', onReplyStart);
    socket.on('aiReplyDelta', onReplyDelta);
    socket.on('aiReplyError', onReplyError);
    socket.on('disconnect', onDisconnect);
    const stopBackfill = onReconnect(() => {
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
      const current = latest.current.open;
      if (current) void client.invalidateQueries({ queryKey: chatKeys.messages(current.userId) });
    });
    return () => {
      socket.off('newMessage', onNewMessage);
      socket.off('messagesSeen', onSeen);
      socket.off('messageError', onRefused);
      socket.off('aiReplyStart', onReplyStart);
      socket.off('aiReplyDelta', onReplyDelta);
      socket.off('aiReplyError', onReplyError);
      socket.off('disconnect', onDisconnect);
      stopBackfill();
      // Nobody listens to the rest of these streams now; a return resumes them from their next delta.
      replies.dropStreams();
    };
  }, [socket, client, me]);
}
