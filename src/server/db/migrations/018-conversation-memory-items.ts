import type { Kysely } from 'kysely';

// What a persona remembers of the person it talks with: a short list per conversation (one per person and
// persona), and whether that person lets it remember at all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memory_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('memory_items_conversation_idx')
    .on('memory_items')
    .columns(['conversation_id', 'id'])
    .execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('memory_on', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('memory_on').execute();
  await db.schema.dropTable('memory_items').execute();
}
