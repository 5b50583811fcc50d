import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A direct conversation has exactly two people, stored as an ordered pair so each pair has one row.
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_low', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_high', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_sender_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('context', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('conversations_pair_unique', ['user_low', 'user_high'])
    .execute();
  await createConversationUpdatedIndexes(db);

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // "Messages of a conversation by time": ids are UUIDv7, so id order is time order.
  await db.schema
    .createIndex('messages_conversation_id_idx')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();
  await createUnseenMessagesIndex(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}

// Migration 012 dropped these two indexes; its down() puts them back through these, so they are written once.

/** "My conversations by last update": one index per side of the pair. */
export async function createConversationUpdatedIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('conversations_low_updated_idx')
    .on('conversations')
    .columns(['user_low', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('conversations_high_updated_idx')
    .on('conversations')
    .columns(['user_high', 'updated_at'])
    .execute();
}

/** Unread counts and seen updates touch only unseen rows. */
export async function createUnseenMessagesIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_unseen_idx')
    .on('messages')
    .columns(['conversation_id', 'sender_id'])
    .where(sql.ref('seen'), '=', 0)
    .execute();
}
