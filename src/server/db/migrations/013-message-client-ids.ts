import type { Kysely } from 'kysely';

// The id a client gives a message it sends (an idempotency key): a retry after a lost answer finds the
// stored message instead of storing it twice. Unique per sender; persona replies and old messages have none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('messages_sender_client_id')
    .on('messages')
    .columns(['sender_id', 'client_id'])
    .unique()
    .where('client_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_sender_client_id').execute();
  await db.schema.alterTable('messages').dropColumn('client_id').execute();
}
