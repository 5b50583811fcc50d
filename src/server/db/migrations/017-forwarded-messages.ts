import type { Kysely } from 'kysely';

// A forwarded message keeps who wrote it first ('' for a message written by its sender).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('forwarded_from', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('forwarded_from').execute();
}
