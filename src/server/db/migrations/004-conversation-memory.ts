import type { Kysely } from 'kysely';

// When a conversation's context is cleared ('.'), an AI persona forgets what was said before this time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .addColumn('memory_from', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('memory_from').execute();
}
