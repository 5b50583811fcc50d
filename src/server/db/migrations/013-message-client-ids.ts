import { sql, type Kysely } from 'kysely';
import { indexOn } from './schema-steps.js';

// The id a client gives a message it sends (an idempotency key): a retry after a lost answer finds the
// stored message instead of storing it twice. Unique per sender; persona replies and old messages have none.
// The id leads the index: the web app's ids start with the time, so new entries land at the index's right
// edge, a page or two per group commit; led by the sender, every message dirtied a page of its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('client_id', 'text').execute();
  await indexOn(db, 'messages_client_id_sender', 'messages', ['client_id', 'sender_id'])
    .unique()
    .where(sql.ref('client_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_client_id_sender').execute();
  await db.schema.alterTable('messages').dropColumn('client_id').execute();
}
