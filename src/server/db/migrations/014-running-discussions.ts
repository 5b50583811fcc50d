import type { Kysely } from 'kysely';
import { indexOn } from './schema-steps.js';

// Every process looks, every few seconds, for running discussions nobody is running (their process died or
// shut down) to take them over; this index keeps that look to the running few rather than every discussion.
// (Not a partial index: a query with the status as a bound parameter could not use one.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await indexOn(db, 'discussions_running', 'discussions', ['status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('discussions_running').execute();
}
