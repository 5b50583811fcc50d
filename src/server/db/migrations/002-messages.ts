import { sql, type Kysely } from 'kysely';
import { cascadeTo, indexOn } from './schema-steps.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A direct conversation has exactly two people, stored as an ordered pair so each pair has one row.
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_low', 'text', cascadeTo('users'))
    .addColumn('user_high', 'text', cascadeTo('users'))
    .addColumn('last_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_sender_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('context', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('conversations_pair_unique', ['user_low', 'user_high'])
    .execute();
  // "My conversations by last update": one index per side of the pair.
  await indexOn(db, 'conversations_low_updated_idx', 'conversations', ['user_low', 'updated_at']).execute();
  await indexOn(db, 'conversations_high_updated_idx', 'conversations', ['user_high', 'updated_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', cascadeTo('conversations'))
    .addColumn('sender_id', 'text', cascadeTo('users'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // "Messages of a conversation by time": ids are UUIDv7, so id order is time order.
  await indexOn(db, 'messages_conversation_id_idx', 'messages', ['conversation_id', 'id']).execute();
  // Unread counts and seen updates touch only unseen rows.
  await indexOn(db, 'messages_unseen_idx', 'messages', ['conversation_id', 'sender_id'])
    .where(sql.ref('seen'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
