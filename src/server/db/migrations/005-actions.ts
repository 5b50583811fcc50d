import type { Kysely } from 'kysely';
import { cascadeTo, indexOn } from './schema-steps.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', cascadeTo('users'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('memory', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A user's items newest first, paged by id (UUIDv7 ids sort by creation time).
  await indexOn(db, 'actions_user_id_idx', 'actions', ['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('actions').execute();
}
