import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Conversation, Message } from '../../../../contracts/messages.js';
import type { ServerEventPayload } from '../../../../contracts/realtime.js';
import { onMissedEvents, onServerEvents, useRealtime } from '../../../lib/socket.js';
import { fetchAiRepliesInProgress } from '../api/ai-replies.js';
import { chatKeys } from '../api/chat-keys.js';
import { applyNewMessage, applySeen, otherParty } from '../api/conversation-cache.js';
import { markSeenBy, mergeMessages } from '../api/message-cache.js';
import { useAiReplies } from './ai-reply-store.js';

/** The conversation on screen: whom it is with, and its id once it is a real one. */
export interface OpenConversation {
  userId: string;
  conversationId: string | null;
}

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

    const replies = useAiReplies.getState();

    const onNewMessage = (message: Message) => {
      if (handled.has(message._id)) return;
      handled.add(message._id);
      const current = latest.current.open;
      const partner =
        partnerOf(client, message.conversationId, current) ??
        (current && message.sender === current.userId ? current.userId : undefined);
      const isOpen = current !== null && partner === current.userId;
      // A persona's stored reply replaces its streamed bubble (the store decides how).
      replies.stored(message._id, { onScreen: isOpen });
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

    const onSeen = (seen: ServerEventPayload<'messagesSeen'>) => {
      const partner = partnerOf(client, seen.conversationId, latest.current.open);
      if (partner !== undefined) {
        client.setQueryData<Message[]>(chatKeys.messages(partner), (held) =>
          held ? markSeenBy(held, seen.seenBy) : held,
        );
      }
      client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
        list ? applySeen(list, seen, me) : list,
      );
    };

    // Replies that began before this screen listened (it was elsewhere, reloaded or reconnected): their
    // text so far comes from the server, and the pieces streaming meanwhile are laid on by their offsets.
    const catchUp = new AbortController();
    let catchingUp: Promise<void> | null = null;
    let again = false;
    const catchUpOnReplies = () => {
      if (catchingUp) {
        again = true;
        return;
      }
      catchingUp = fetchAiRepliesInProgress(catchUp.signal)
        .then((live) => live.forEach((progress) => handled.has(progress.replyId) || replies.join(progress)))
        // Best effort: the stored reply still arrives as newMessage or by back-fill.
        .catch(() => undefined)
        .finally(() => {
          catchingUp = null;
          if (again && !catchUp.signal.aborted) {
            again = false;
            catchUpOnReplies();
          }
        });
    };

    const onReplyDelta = ({ conversationId, replyId, delta, offset }: ServerEventPayload<'aiReplyDelta'>) => {
      if (handled.has(replyId)) return;
      const piece = offset === undefined ? { delta } : { delta, offset };
      if (replies.append(replyId, piece)) return;
      const personaId = partnerOf(client, conversationId, latest.current.open);
      if (personaId === undefined) return;
      replies.resume({ conversationId, replyId, personaId }, piece);
      catchUpOnReplies();
    };

    const onReplyError = ({ conversationId, replyId, error }: ServerEventPayload<'aiReplyError'>) => {
      const personaId =
        useAiReplies.getState().streams[replyId]?.personaId ??
        partnerOf(client, conversationId, latest.current.open);
      if (personaId === undefined) replies.remove([replyId]);
      else replies.fail({ conversationId, replyId, personaId, error });
    };

    // A stream cut by a lost connection is dropped; the stored reply comes by back-fill or newMessage.
    const onDisconnect = () => replies.dropStreams();

    const stopListening = onServerEvents(socket, {
      newMessage: onNewMessage,
      messagesSeen: onSeen,
      messageError: ({ error }) => latest.current.onError(error),
      aiReplyStart: (start) => {
        if (!handled.has(start.replyId)) replies.start(start);
      },
      aiReplyDelta: onReplyDelta,
      aiReplyError: onReplyError,
      memoryChanged: ({ conversationId }) =>
        void client.invalidateQueries({ queryKey: chatKeys.memory(conversationId) }),
    });
    socket.on('disconnect', onDisconnect);
    catchUpOnReplies();
    const stopBackfill = onMissedEvents(() => {
      catchUpOnReplies();
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
      const current = latest.current.open;
      if (current) void client.invalidateQueries({ queryKey: chatKeys.messages(current.userId) });
    });
    return () => {
      catchUp.abort();
      stopListening();
      socket.off('disconnect', onDisconnect);
      stopBackfill();
      // Nobody listens to the rest of these streams now; a return resumes them from their next delta.
      replies.dropStreams();
    };
  }, [socket, client, me]);
}
