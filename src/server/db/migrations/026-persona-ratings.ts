import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

// A persona's content rating (issue 42), 'general' or 'mature', and a person's choice to see mature personas
// (off until they switch it on). Personas made before ratings existed are general.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'users', 'rating', 'text', 'general');
  await addColumnWithDefault(db, 'users', 'show_mature', 'integer', 0);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('show_mature').execute();
  await db.schema.alterTable('users').dropColumn('rating').execute();
}
