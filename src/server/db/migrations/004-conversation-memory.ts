import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

// When a conversation's context is cleared ('.'), an AI persona forgets what was said before this time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'conversations', 'memory_from', 'text', '');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('memory_from').execute();
}
