import type { Kysely } from 'kysely';
import { MESSAGE_LIMITS, REACTION_EMOJI, type Reaction } from '../../../contracts/messages.js';
import type { Database } from '../../db/schema.js';

/**
 * The reactions on each of these messages, by emoji in the set's order, each with who reacted (earliest first, the
 * first reactionPeopleMax of them). Messages without reactions are not in the map. One query for a whole page.
 */
export async function reactionsOf(
  db: Kysely<Database>,
  messageIds: readonly string[],
): Promise<Map<string, Reaction[]>> {
  const byMessage = new Map<string, Reaction[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('messageReactions as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select(['r.messageId', 'r.emoji', 'r.userId', 'u.username'])
    .where('r.messageId', 'in', messageIds)
    .orderBy('r.createdAt')
    .orderBy('r.userId')
    .execute();
  for (const row of rows) {
    const reactions = byMessage.get(row.messageId) ?? [];
    byMessage.set(row.messageId, reactions);
    let reaction = reactions.find((r) => r.emoji === row.emoji);
    if (!reaction) {
      reaction = { emoji: row.emoji as Reaction['emoji'], count: 0, people: [] };
      reactions.push(reaction);
    }
    reaction.count += 1;
    if (reaction.people.length < MESSAGE_LIMITS.reactionPeopleMax)
      reaction.people.push({ _id: row.userId, username: row.username });
  }
  const order = (reaction: Reaction) => REACTION_EMOJI.indexOf(reaction.emoji);
  for (const reactions of byMessage.values()) reactions.sort((a, b) => order(a) - order(b));
  return byMessage;
}
