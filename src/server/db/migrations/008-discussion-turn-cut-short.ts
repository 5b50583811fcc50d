import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

// A roundtable turn stopped by the user or by a provider failure keeps what was said so far, marked as cut short.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'discussion_turns', 'cut_short', 'integer', 0);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discussion_turns').dropColumn('cut_short').execute();
}
