import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

// A person's read-receipts switch (on by default): when off, they neither send nor see seen marks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'users', 'read_receipts', 'integer', 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('read_receipts').execute();
}
