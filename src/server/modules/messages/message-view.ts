import type { Conversation, Message } from '../../../contracts/messages.js';
import type { MessageRow } from '../../db/schema.js';
import type { ConversationListRow } from './messages.repository.js';

export function toMessage(
  row: Pick<MessageRow, 'id' | 'conversationId' | 'senderId' | 'text' | 'createdAt' | 'seen'>,
): Message {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    sender: row.senderId,
    text: row.text,
    createdAt: row.createdAt,
    seen: row.seen === 1,
  };
}

export function toConversation(row: ConversationListRow): Conversation {
  return {
    _id: row.id,
    participants: [
      {
        _id: row.otherId,
        username: row.otherUsername,
        name: row.otherName,
        profilePic: row.otherProfilePic,
        isAi: row.otherIsAi === 1,
      },
    ],
    latestMessage: { text: row.lastText, sender: row.lastSenderId, seen: row.lastSeen === 1 },
    updatedAt: row.updatedAt,
    context: row.context,
    unreadCount: Number(row.unreadCount),
  };
}
