import type { MessageRow } from '../../db/schema.js';

/** A message to store; the client id only when its sender gave one, the first author only when forwarded. */
export type NewMessage = Omit<MessageRow, 'seen' | 'clientId' | 'forwardedFrom' | 'editedAt' | 'deleted'> & {
  clientId?: string | null;
  forwardedFrom?: string;
};

/** A sent message as the conversation's upsert records it (the latest message, unread counts). */
export interface LatestMessage {
  /** Used only when this message starts the conversation. */
  newConversationId: string;
  senderId: string;
  recipientId: string;
  text: string;
  at: string;
  /** The message's id: where the recipient's unseen messages start if nothing was unread. */
  messageId: string;
  /** The persona's opening message stored with a new conversation (unread for the sender), if any. */
  openingId: string | null;
}
