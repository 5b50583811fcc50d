import type { Kysely } from 'kysely';
import { addColumnWithDefault, cascadeTo, indexOn } from './schema-steps.js';

// What a persona remembers of the person it talks with: a short list per conversation (one per person and
// persona), and whether that person lets it remember at all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memory_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', cascadeTo('conversations'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await indexOn(db, 'memory_items_conversation_idx', 'memory_items', ['conversation_id', 'id']).execute();
  await addColumnWithDefault(db, 'conversations', 'memory_on', 'integer', 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('memory_on').execute();
  await db.schema.dropTable('memory_items').execute();
}
