import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Message, newClientMessageId, type Conversation } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useChatStore, type ChatPartner } from '../hooks/chat-store.js';
import { busyRetryDelay, retryCause, retrySend, type RetryCause } from './busy-retry.js';
import { applyIncomingMessage } from './apply-incoming-message.js';

/** A message on its way, with the id that makes sending it again safe. */
export interface OutgoingMessage {
  text: string;
  clientMessageId: string;
}

/** POST /api/messages: the answer is the stored message (the first one creates the conversation). */
export function postMessage(
  recipientId: string,
  { text, clientMessageId }: OutgoingMessage,
): Promise<Message> {
  return apiRequest('/api/messages', {
    method: 'POST',
    body: { message: text, recipientId, clientMessageId },
    schema: Message,
  });
}

/** A list entry for a conversation the server just created, until the list is fetched again. */
function newConversation(partner: ChatPartner, message: Message): Conversation {
  return {
    _id: message.conversationId,
    participants: [
      {
        _id: partner.userId,
        username: partner.username,
        name: partner.name,
        profilePic: partner.profilePic,
        isAi: partner.isAi,
      },
    ],
    latestMessage: { text: message.text, sender: message.sender, seen: message.seen },
    updatedAt: message.createdAt,
    context: '',
    unreadCount: 0,
    muted: false,
  };
}

/**
 * Sends to `partner`. The answer joins the open conversation (deduplicated with the newMessage echo)
 * and the list; a first message turns the mock conversation into the real one. A busy refusal or a lost
 * answer is retried by itself (see BUSY_RETRY); meanwhile `retrying` says why and the send is still pending. Every attempt at one message carries the same clientMessageId, and so does sending the same
 * text again after a failure ("Try again"), so the server stores it once whatever was lost on the way.
 */
export function useSendMessage(partner: ChatPartner) {
  const queryClient = useQueryClient();
  const dropMock = useChatStore((state) => state.dropMock);
  const unanswered = useRef<OutgoingMessage | null>(null);
  const mutation = useMutation({
    mutationFn: (outgoing: OutgoingMessage) => postMessage(partner.userId, outgoing),
    retry: retrySend,
    retryDelay: busyRetryDelay,
    onSuccess: (message, outgoing) => {
      if (unanswered.current?.clientMessageId === outgoing.clientMessageId) unanswered.current = null;
      applyIncomingMessage(queryClient, message, {
        partner: partner.userId,
        onScreen: true,
        unread: false,
        entry: newConversation(partner, message),
      });
      dropMock(partner.userId);
    },
  });
  const retrying: RetryCause | null =
    mutation.isPending && mutation.failureCount > 0 ? retryCause(mutation.failureReason) : null;
  return {
    /** Why the pending send is waiting for another attempt; null when it is not. */
    retrying,
    send(text: string): Promise<Message> {
      const earlier = unanswered.current;
      const outgoing = earlier?.text === text ? earlier : { text, clientMessageId: newClientMessageId() };
      unanswered.current = outgoing;
      return mutation.mutateAsync(outgoing);
    },
  };
}
