import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../../contracts/messages.js';
import { chatKeys } from './chat-keys.js';
import { applyNewMessage, upsertConversation } from './conversation-cache.js';
import { mergeMessages } from './message-cache.js';

/** Where a message lands and what it means for the list. */
export interface IncomingMessagePlace {
  /** The other user of its conversation, when known: their message list takes it. */
  partner: string | undefined;
  /** Its conversation is on screen, so its list takes it even before it was ever fetched. */
  onScreen: boolean;
  /** It adds one to its conversation's unread count. */
  unread: boolean;
  /** The list entry to show at once when the conversation is not listed yet (the list is asked again anyway). */
  entry?: Conversation;
}

/**
 * The one way a message enters the chat's caches, whether it is the answer to my send or came by socket:
 * the conversation's messages (each once), and the list's preview, time, order and unread count.
 */
export function applyIncomingMessage(
  client: QueryClient,
  message: Message,
  { partner, onScreen, unread, entry }: IncomingMessagePlace,
): void {
  if (partner !== undefined) {
    client.setQueryData<Message[]>(chatKeys.messages(partner), (held) =>
      held || onScreen ? mergeMessages(held ?? [], [message]) : held,
    );
  }
  const list = client.getQueryData<Conversation[]>(chatKeys.conversations);
  if (list?.some((conversation) => conversation._id === message.conversationId)) {
    client.setQueryData<Conversation[]>(chatKeys.conversations, (current) =>
      applyNewMessage(current ?? [], message, { countUnread: unread }),
    );
    return;
  }
  if (entry) {
    client.setQueryData<Conversation[]>(chatKeys.conversations, (current) =>
      upsertConversation(current ?? [], entry),
    );
  }
  // Someone new, or a conversation just started (here or in another tab): ask for the real entry.
  void client.invalidateQueries({ queryKey: chatKeys.conversations });
}
