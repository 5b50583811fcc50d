import type { Kysely } from 'kysely';

// A person's read-receipts switch (on by default): when off, they neither send nor see seen marks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('read_receipts', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('read_receipts').execute();
}
