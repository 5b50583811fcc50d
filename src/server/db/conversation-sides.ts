import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * A conversation keeps its pair as user_low and user_high (sorted ids). Queries over `conversations as c` that ask
 * "whose is it" or "with whom" for one person say it with these.
 */

/** In a query over `conversations as c`: whether `personId` is one of its two people. */
export function hasPerson(personId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(c.user_low = ${personId} or c.user_high = ${personId})`;
}

/** In a query over `conversations as c`: the id of the other person than `personId`. */
export function otherPerson(personId: string): RawBuilder<string> {
  return sql<string>`case when c.user_low = ${personId} then c.user_high else c.user_low end`;
}

/**
 * In a query over `messages as m` joined with `conversations as c`: whether `personId` may read the message: one
 * of its DM's two people, or a member of its room (migration 029) when it was written (from joining to leaving).
 */
export function mayRead(personId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${hasPerson(personId)} or exists (select 1 from room_members rm
    where rm.room_id = m.conversation_id and rm.member_id = ${personId} and m.created_at >= rm.joined_at
      and (rm.left_at = '' or m.created_at <= rm.left_at)))`;
}

/** Whether a conversation row is a room's: a room names itself as both sides (migration 029). */
export function isRoom(conversation: { id: string; userLow: string; userHigh: string }): boolean {
  return conversation.userLow === conversation.id && conversation.userHigh === conversation.id;
}
