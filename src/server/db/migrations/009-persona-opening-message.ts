import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

// A persona's opening message (a character card's first_mes): said first in each new conversation with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'users', 'opening_message', 'text', '');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('opening_message').execute();
}
