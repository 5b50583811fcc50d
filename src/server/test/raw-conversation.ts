import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Two people and their conversation written straight into the tables, for migration tests that run on an older
 * schema than the services expect. `low` and `high` are the people's ids, ordered as the table keeps them.
 */
export async function insertRawConversation(
  db: Kysely<Database>,
  { id, low, high, at }: { id: string; low: string; high: string; at: string },
): Promise<void> {
  for (const person of [low, high]) {
    await db
      .insertInto('users')
      .values({
        id: person,
        name: person,
        username: `u${person.replaceAll('-', '').slice(-12)}`,
        email: `${person}@example.com`,
        passwordHash: 'x',
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }
  await db
    .insertInto('conversations')
    .values({ id, userLow: low, userHigh: high, createdAt: at, updatedAt: at })
    .execute();
}
