import type { Kysely } from 'kysely';

// A roundtable turn stopped by the user or by a provider failure keeps what was said so far, marked as cut short.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('discussion_turns')
    .addColumn('cut_short', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discussion_turns').dropColumn('cut_short').execute();
}
