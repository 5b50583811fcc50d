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
