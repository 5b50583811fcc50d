import type { Kysely } from 'kysely';
import { cascadeTo, indexOn } from './schema-steps.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discussions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', cascadeTo('users'))
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
  await indexOn(db, 'discussions_user_idx', 'discussions', ['user_id', 'id']).execute();

  await db.schema
    .createTable('discussion_turns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discussion_id', 'text', cascadeTo('discussions'))
    .addColumn('speaker_id', 'text', (c) => c.notNull())
    .addColumn('speaker_kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await indexOn(db, 'discussion_turns_discussion_idx', 'discussion_turns', ['discussion_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discussion_turns').execute();
  await db.schema.dropTable('discussions').execute();
}
