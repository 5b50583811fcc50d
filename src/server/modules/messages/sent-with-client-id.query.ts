import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../../db/schema.js';

/** A message with its conversation's pair: who may read it. */
export type MessageWithPair = MessageRow & { userLow: string; userHigh: string };

/** Messages joined with their conversation's pair. */
export function messagesWithPair(db: Kysely<Database>) {
  return db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
    .selectAll('messages')
    .select(['conversations.userLow', 'conversations.userHigh']);
}

/** The message `senderId` sent with this client id (idempotency key), with its conversation's pair. */
export function sentWithClientId(
  db: Kysely<Database>,
  senderId: string,
  clientId: string,
): Promise<MessageWithPair | undefined> {
  return messagesWithPair(db)
    .where('messages.senderId', '=', senderId)
    .where('messages.clientId', '=', clientId)
    .executeTakeFirst();
}
