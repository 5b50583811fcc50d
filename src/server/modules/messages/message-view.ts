import type {
  Conversation,
  ConversationParticipant,
  Message,
  Reaction,
} from '../../../contracts/messages.js';
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
    editedAt?: string;
    deleted?: number;
  },
  reader?: SeenMarksFor,
  reactions?: readonly Reaction[],
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
  if (row.editedAt) message.editedAt = row.editedAt;
  if (row.deleted === 1) message.deleted = true;
  if (reactions?.length) message.reactions = [...reactions];
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
      ...previewOf(row.lastText, row.lastSenderId),
      seen: seenShown(row.lastSenderId, row.lastSeen, reader),
    },
    updatedAt: row.updatedAt,
    context: row.context,
    unreadCount: Number(row.unreadCount),
    muted: Number(row.muted) === 1,
  };
}

/**
 * A conversation's latest message as its preview. No message is ever sent empty, so an empty last text is one
 * deleted for everyone: it stays the latest and is shown as "message deleted".
 */
export function previewOf(text: string, sender: string): { text: string; sender: string; deleted?: true } {
  return text === '' ? { text, sender, deleted: true } : { text, sender };
}
