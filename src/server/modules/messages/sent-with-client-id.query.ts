import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../../db/schema.js';

/** The message `senderId` sent with this client id (idempotency key), with its conversation's pair. */
export function sentWithClientId(
  db: Kysely<Database>,
  senderId: string,
  clientId: string,
): Promise<(MessageRow & { userLow: string; userHigh: string }) | undefined> {
  return db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
    .selectAll('messages')
    .select(['conversations.userLow', 'conversations.userHigh'])
    .where('messages.senderId', '=', senderId)
    .where('messages.clientId', '=', clientId)
    .executeTakeFirst();
}
