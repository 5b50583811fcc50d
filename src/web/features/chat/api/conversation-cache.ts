import type { Conversation, Message } from '../../../../contracts/messages.js';
import type { MessagesSeenPayload } from '../../../../contracts/realtime.js';

/** The conversation's other party (the server lists only them in `participants`). */
export function otherParty(conversation: Conversation) {
  return conversation.participants[0];
}

/** SPEC §2: newest update first. */
export function sortConversations(list: readonly Conversation[]): Conversation[] {
  return [...list].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

/** The conversation with `userId`, if there is one. */
export function findByUser(
  list: readonly Conversation[] | undefined,
  userId: string,
): Conversation | undefined {
  return list?.find((conversation) => otherParty(conversation)?._id === userId);
}

/** A message arrived in a listed conversation: new preview, new time, maybe one more unread; back on top. */
export function applyNewMessage(
  list: readonly Conversation[],
  message: Message,
  { countUnread }: { countUnread: boolean },
): Conversation[] {
  return sortConversations(
    list.map((conversation) =>
      conversation._id === message.conversationId
        ? {
            ...conversation,
            latestMessage: { text: message.text, sender: message.sender, seen: message.seen },
            updatedAt: message.createdAt,
            unreadCount: conversation.unreadCount + (countUnread ? 1 : 0),
          }
        : conversation,
    ),
  );
}

/** SPEC §4: the list's latest message is seen too; when I was the reader, nothing is unread any more. */
export function applySeen(
  list: readonly Conversation[],
  payload: MessagesSeenPayload,
  me: string,
): Conversation[] {
  return list.map((conversation) => {
    if (conversation._id !== payload.conversationId) return conversation;
    const latest = conversation.latestMessage;
    return {
      ...conversation,
      latestMessage: latest.sender !== payload.seenBy ? { ...latest, seen: true } : latest,
      unreadCount: payload.seenBy === me ? 0 : conversation.unreadCount,
    };
  });
}

/** The open conversation has nothing unread. */
export function clearUnread(list: readonly Conversation[], conversationId: string): Conversation[] {
  return list.map((conversation) =>
    conversation._id === conversationId && conversation.unreadCount !== 0
      ? { ...conversation, unreadCount: 0 }
      : conversation,
  );
}

/** Adds a conversation (or replaces the one with the same id) and keeps the order. */
export function upsertConversation(list: readonly Conversation[], next: Conversation): Conversation[] {
  return sortConversations([...list.filter((conversation) => conversation._id !== next._id), next]);
}
