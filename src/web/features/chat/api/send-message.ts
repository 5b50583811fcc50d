import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Message, type Conversation } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useChatStore, type ChatPartner } from '../hooks/chat-store.js';
import { busyRetryDelay, retryWhenBusy } from './busy-retry.js';
import { chatKeys } from './chat-keys.js';
import { applyNewMessage, findByUser, upsertConversation } from './conversation-cache.js';
import { mergeMessages } from './message-cache.js';

/** POST /api/messages: the answer is the stored message (the first one creates the conversation). */
export function postMessage(recipientId: string, text: string): Promise<Message> {
  return apiRequest('/api/messages', {
    method: 'POST',
    body: { message: text, recipientId },
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
  };
}

/**
 * Sends to `partner`. The answer joins the open conversation (deduplicated with the newMessage echo)
 * and the list; a first message turns the mock conversation into the real one. A busy server's refusal is
 * retried by itself (see BUSY_RETRY); while it is, `failureCount` is above 0 and the send still pending.
 */
export function useSendMessage(partner: ChatPartner) {
  const queryClient = useQueryClient();
  const dropMock = useChatStore((state) => state.dropMock);
  return useMutation({
    mutationFn: (text: string) => postMessage(partner.userId, text),
    // A busy server refused the message before storing anything, so sending it again cannot duplicate it.
    retry: retryWhenBusy,
    retryDelay: busyRetryDelay,
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(chatKeys.messages(partner.userId), (current) =>
        mergeMessages(current ?? [], [message]),
      );
      const list = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
      if (findByUser(list, partner.userId)) {
        queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (current) =>
          applyNewMessage(current ?? [], message, { countUnread: false }),
        );
      } else {
        queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (current) =>
          upsertConversation(current ?? [], newConversation(partner, message)),
        );
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      }
      dropMock(partner.userId);
    },
  });
}
