import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

// A deleted account (issue 42) stays as an empty row, so the messages it already delivered keep their sender and
// show as from "deleted account"; deleted_at (ISO time, '' for a live account) says since when, and its username
// is held until a waiting period from then has passed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'users', 'deleted_at', 'text', '');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
