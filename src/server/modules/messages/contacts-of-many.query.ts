import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** IN lists stay bounded however many people a presence batch holds. */
const CHUNK = 500;

/**
 * Everyone each of `userIds` has a conversation with, as (user, contact) pairs, for presence batches.
 * Each side of the pair is looked up by its own index (an `or` across both would scan), in bounded IN lists.
 */
export async function contactsOfMany(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Array<{ userId: string; contactId: string }>> {
  const pairs: Array<{ userId: string; contactId: string }> = [];
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const chunk = userIds.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('conversations')
      .select(['userLow as userId', 'userHigh as contactId'])
      .where('userLow', 'in', chunk)
      .unionAll(
        db
          .selectFrom('conversations')
          .select(['userHigh as userId', 'userLow as contactId'])
          .where('userHigh', 'in', chunk),
      )
      .execute();
    pairs.push(...rows);
  }
  return pairs;
}
