import type { Kysely, Updateable } from 'kysely';
import type { Database, DiscussionRow, DiscussionsTable, DiscussionTurnRow } from '../../db/schema.js';

/** Discussions and their turns; queries only. */
export function charioteerRepository(db: Kysely<Database>) {
  return {
    async insert(row: Omit<DiscussionRow, 'error'>): Promise<DiscussionRow> {
      await db.insertInto('discussions').values(row).execute();
      return db.selectFrom('discussions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    },
    find(id: string): Promise<DiscussionRow | undefined> {
      return db.selectFrom('discussions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listFor(userId: string): Promise<DiscussionRow[]> {
      return db
        .selectFrom('discussions')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },
    /** The user's discussions that are running or paused and were touched since `since`. */
    active(userId: string, since: string): Promise<DiscussionRow[]> {
      return db
        .selectFrom('discussions')
        .selectAll()
        .where('userId', '=', userId)
        .where('status', 'in', ['running', 'paused'])
        .where('updatedAt', '>', since)
        .execute();
    },
    /** Up to `limit` running discussions, oldest first (index discussions_running). */
    running(limit: number): Promise<Pick<DiscussionRow, 'id' | 'userId'>[]> {
      return db
        .selectFrom('discussions')
        .select(['id', 'userId'])
        .where('status', '=', 'running')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async update(id: string, patch: Updateable<DiscussionsTable>): Promise<DiscussionRow> {
      await db.updateTable('discussions').set(patch).where('id', '=', id).execute();
      return db.selectFrom('discussions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
    /**
     * Stores a turn and the change it makes to its discussion in one transaction, so neither is ever kept
     * without the other. `change` sees the discussion as the transaction reads it; when the discussion is
     * gone nothing is stored and the answer is false.
     */
    addTurn(
      row: DiscussionTurnRow,
      change: (current: DiscussionRow) => Updateable<DiscussionsTable>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('discussions')
          .selectAll()
          .where('id', '=', row.discussionId)
          .executeTakeFirst();
        if (!current) return false;
        await trx.insertInto('discussionTurns').values(row).execute();
        await trx.updateTable('discussions').set(change(current)).where('id', '=', current.id).execute();
        return true;
      });
    },
    turns(discussionId: string): Promise<DiscussionTurnRow[]> {
      return db
        .selectFrom('discussionTurns')
        .selectAll()
        .where('discussionId', '=', discussionId)
        .orderBy('id')
        .execute();
    },
  };
}

export type CharioteerRepository = ReturnType<typeof charioteerRepository>;
