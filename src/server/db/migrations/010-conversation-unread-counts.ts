import { sql, type Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

/**
 * Unread counts kept on the conversation row, per side of the pair, so the conversation list costs
 * O(conversations) instead of counting every unseen message on each request. The send and seen writes
 * keep them in step in the same transaction; this backfills them from the messages once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'conversations', 'unread_low', 'integer', 0);
  await addColumnWithDefault(db, 'conversations', 'unread_high', 'integer', 0);
  await sql`
    update conversations set
      unread_low = (select count(*) from messages m
        where m.conversation_id = conversations.id and m.sender_id <> conversations.user_low and m.seen = 0),
      unread_high = (select count(*) from messages m
        where m.conversation_id = conversations.id and m.sender_id <> conversations.user_high and m.seen = 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('unread_high').execute();
  await db.schema.alterTable('conversations').dropColumn('unread_low').execute();
}
