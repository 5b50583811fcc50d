import type { Kysely } from 'kysely';

// A persona's opening message (a character card's first_mes): said first in each new conversation with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('opening_message', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('opening_message').execute();
}
