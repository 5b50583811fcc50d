import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The moderator role, given and taken by the operator (`npm run moderator`). It is a flag on the person's row, not
 * a list of usernames in the environment: usernames can be changed and then taken by someone else, a row cannot.
 */
export async function setModerator(
  db: Kysely<Database>,
  username: string,
  moderator: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ isModerator: moderator ? 1 : 0 })
    .where('username', '=', username.trim().toLowerCase())
    .where('isAi', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The moderators' usernames, in order. */
export async function moderatorUsernames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('isModerator', '=', 1)
    .orderBy('username')
    .execute();
  return rows.map((row) => row.username);
}
