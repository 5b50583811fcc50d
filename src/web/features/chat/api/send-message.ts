import { useQueryClient } from '@tanstack/react-query';
import { Message, type Conversation } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useChatStore, type ChatPartner } from '../hooks/chat-store.js';
import { applyIncomingMessage } from './apply-incoming-message.js';
import { useOutbox, type OutgoingMessage } from './use-outbox.js';

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
 * Sends to `partner` (retried and deduplicated as useOutbox says). The answer joins the open conversation
 * (deduplicated with the newMessage echo) and the list; a first message turns the mock conversation into the
 * real one.
 */
export function useSendMessage(partner: ChatPartner) {
  const queryClient = useQueryClient();
  const dropMock = useChatStore((state) => state.dropMock);
  return useOutbox(
    (outgoing) => postMessage(partner.userId, outgoing),
    (message) => {
      applyIncomingMessage(queryClient, message, {
        partner: partner.userId,
        onScreen: true,
        unread: false,
        entry: newConversation(partner, message),
      });
      dropMock(partner.userId);
    },
  );
}
