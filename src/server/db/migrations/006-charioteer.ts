import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discussions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    // The seated personas' ids in seat order, as JSON: a table has at most five seats.
    .addColumn('seat_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('next_speaker_id', 'text')
    .addColumn('turns_left', 'integer', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discussions_user_idx').on('discussions').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('discussion_turns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discussion_id', 'text', (c) => c.notNull().references('discussions.id').onDelete('cascade'))
    .addColumn('speaker_id', 'text', (c) => c.notNull())
    .addColumn('speaker_kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discussion_turns_discussion_idx')
    .on('discussion_turns')
    .columns(['discussion_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discussion_turns').execute();
  await db.schema.dropTable('discussions').execute();
}
