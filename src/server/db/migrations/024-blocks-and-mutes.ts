import type { Kysely } from 'kysely';
import { addColumnWithDefault, indexOn } from './schema-steps.js';

// Who blocked whom (issue 42), and each side's mute of a conversation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // "Who blocked me" is read on every send to a person and in presence batches.
  await indexOn(db, 'blocks_blocked_idx', 'blocks', ['blocked_id', 'blocker_id']).execute();
  await addColumnWithDefault(db, 'conversations', 'muted_low', 'integer', 0);
  await addColumnWithDefault(db, 'conversations', 'muted_high', 'integer', 0);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('muted_high').execute();
  await db.schema.alterTable('conversations').dropColumn('muted_low').execute();
  await db.schema.dropTable('blocks').execute();
}
