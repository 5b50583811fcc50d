import type { Kysely } from 'kysely';
import { cascadeTo, indexOn } from './schema-steps.js';

/*
 * Web Push (issue 44): one row per device a person turned notifications on for. The endpoint (the push service's
 * URL for that browser) is unique: a device subscribed again, or by someone else signing in on it, stays one row.
 * last_success_at ('' until a push was accepted) tells an operator which devices still answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', cascadeTo('users'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Read on every message to a person: "which devices does the recipient have".
  await indexOn(db, 'push_subscriptions_user_idx', 'push_subscriptions', ['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
