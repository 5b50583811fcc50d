import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { blockedBetween } from '../safety/blocks.repository.js';

/** IN lists stay bounded however many people a presence batch holds. */
const CHUNK = 500;

/**
 * Everyone each of `userIds` has a conversation with or shares a room with, as (user, contact) pairs, for presence
 * batches; two people either of whom blocked the other are not contacts (neither sees the other online).
 * Each side of the pair is looked up by its own index (an `or` across both would scan), in bounded IN lists.
 */
export async function contactsOfMany(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Array<{ userId: string; contactId: string }>> {
  const pairs: Array<{ userId: string; contactId: string }> = [];
  const unblocked = blockedBetween('conversations.userLow', 'conversations.userHigh');
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const chunk = userIds.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('conversations')
      .select(['userLow as userId', 'userHigh as contactId'])
      .where('userLow', 'in', chunk)
      .where((eb) => eb.not(unblocked))
      .unionAll(
        db
          .selectFrom('conversations')
          .select(['userHigh as userId', 'userLow as contactId'])
          .where('userHigh', 'in', chunk)
          .where((eb) => eb.not(unblocked)),
      )
      .unionAll(
        db
          .selectFrom('roomMembers as mine')
          .innerJoin('roomMembers as theirs', (join) =>
            join
              .onRef('theirs.roomId', '=', 'mine.roomId')
              .onRef('theirs.memberId', '<>', 'mine.memberId')
              .on('theirs.isAi', '=', 0)
              .on('theirs.leftAt', '=', ''),
          )
          .select(['mine.memberId as userId', 'theirs.memberId as contactId'])
          .where('mine.memberId', 'in', chunk)
          .where('mine.leftAt', '=', '')
          .where((eb) => eb.not(blockedBetween('mine.memberId', 'theirs.memberId'))),
      )
      .execute();
    pairs.push(...rows);
  }
  return pairs;
}
