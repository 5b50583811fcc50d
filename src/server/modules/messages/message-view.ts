import type { Conversation, ConversationParticipant, Message } from '../../../contracts/messages.js';
import type { MessageRow } from '../../db/schema.js';
import type { ConversationListRow } from './messages.repository.js';

/**
 * Whose seen marks a reader is shown: with read receipts off, not those on what they sent themselves (the
 * other side's marks on theirs they never see; their own reading is never told).
 */
export interface SeenMarksFor {
  readerId: string;
  receiptsOn: boolean;
}

const seenShown = (senderId: string, seen: number, reader?: SeenMarksFor) =>
  seen === 1 && (!reader || reader.receiptsOn || senderId !== reader.readerId);

export function toMessage(
  row: Pick<MessageRow, 'id' | 'conversationId' | 'senderId' | 'text' | 'createdAt' | 'seen'> & {
    forwardedFrom?: string;
  },
  reader?: SeenMarksFor,
): Message {
  const message: Message = {
    _id: row.id,
    conversationId: row.conversationId,
    sender: row.senderId,
    text: row.text,
    createdAt: row.createdAt,
    seen: seenShown(row.senderId, row.seen, reader),
  };
  if (row.forwardedFrom) message.forwardedFrom = row.forwardedFrom;
  return message;
}

export function toConversation(row: ConversationListRow, reader?: SeenMarksFor): Conversation {
  const other: ConversationParticipant = {
    _id: row.otherId,
    username: row.otherUsername,
    name: row.otherName,
    profilePic: row.otherProfilePic,
    isAi: row.otherIsAi === 1,
  };
  // The list shows no frozen account but a deleted one.
  if (row.otherIsFrozen === 1) other.deleted = true;
  return {
    _id: row.id,
    participants: [other],
    latestMessage: {
      text: row.lastText,
      sender: row.lastSenderId,
      seen: seenShown(row.lastSenderId, row.lastSeen, reader),
    },
    updatedAt: row.updatedAt,
    context: row.context,
    unreadCount: Number(row.unreadCount),
    muted: Number(row.muted) === 1,
  };
}
