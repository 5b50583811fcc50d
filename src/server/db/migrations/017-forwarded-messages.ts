import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

// A forwarded message keeps who wrote it first ('' for a message written by its sender).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'messages', 'forwarded_from', 'text', '');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('forwarded_from').execute();
}
