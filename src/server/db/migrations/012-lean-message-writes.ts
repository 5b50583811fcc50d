import { sql, type Kysely } from 'kysely';
import { addColumnWithDefault, indexOn } from './schema-steps.js';

/**
 * Fewer index entries written per message (issue 14; docs/archive/performance-diary-2026.md "SQLite writes"). Each message used to
 * move two `(user, updated_at)` entries of its conversation and add an entry to a partial index of unseen
 * messages, besides its own rows: most of the B-tree pages a message dirtied, and SQLite writes every dirtied page
 * to the WAL at commit and again at checkpoint.
 *
 * - A person's conversations are found by the side of the pair they are on (`user_low` through the pair's unique
 *   index, `user_high` through its own index), whose entries never move, and sorted by `updated_at` when listed:
 *   the list is cached and holds at most 500 rows, where a send happens on every message.
 * - Seen marks no longer need an index of unseen messages: each side's `unseen_from` is the smallest id of a
 *   message that side may not have seen (set with the first unread message, kept at the minimum after), so a seen
 *   mark walks the conversation's `(conversation_id, id)` index from there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const side of ['low', 'high']) {
    await addColumnWithDefault(db, 'conversations', `unseen_from_${side}`, 'text', '');
  }
  // While the unseen index still exists: each side starts from its oldest unseen message ('' when none).
  await sql`
    update conversations set
      unseen_from_low = coalesce((select min(m.id) from messages m where m.conversation_id = conversations.id
        and m.sender_id <> conversations.user_low and m.seen = 0), ''),
      unseen_from_high = coalesce((select min(m.id) from messages m where m.conversation_id = conversations.id
        and m.sender_id <> conversations.user_high and m.seen = 0), '')
  `.execute(db);
  await db.schema.dropIndex('messages_unseen_idx').execute();
  await db.schema.dropIndex('conversations_low_updated_idx').execute();
  await db.schema.dropIndex('conversations_high_updated_idx').execute();
  await indexOn(db, 'conversations_high_idx', 'conversations', ['user_high']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_high_idx').execute();
  await indexOn(db, 'conversations_low_updated_idx', 'conversations', ['user_low', 'updated_at']).execute();
  await indexOn(db, 'conversations_high_updated_idx', 'conversations', ['user_high', 'updated_at']).execute();
  await indexOn(db, 'messages_unseen_idx', 'messages', ['conversation_id', 'sender_id'])
    .where(sql.ref('seen'), '=', 0)
    .execute();
  for (const side of ['low', 'high']) {
    await db.schema.alterTable('conversations').dropColumn(`unseen_from_${side}`).execute();
  }
}
