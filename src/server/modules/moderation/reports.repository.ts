import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.js';
import { mayRead } from '../../db/conversation-sides.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Reports; no rules here, only queries. */
export function reportsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<ReportsTable>): Promise<void> {
      await db.insertInto('reports').values(row).execute();
    },

    /**
     * A message `readerId` may read (their DM's, or their room's while they were in it), and up to `n` messages on
     * each side of it, oldest first.
     */
    async messageWithNeighbours(messageId: string, readerId: string, n: number) {
      const message = await db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversationId')
        .select(['m.id', 'm.conversationId', 'm.senderId'])
        .where('m.id', '=', messageId)
        .where(mayRead(readerId))
        .executeTakeFirst();
      if (!message) return undefined;
      const inConversation = db
        .selectFrom('messages')
        .innerJoin('users', 'users.id', 'messages.senderId')
        .select(['messages.id', 'messages.text', 'messages.createdAt', 'users.username as sender'])
        .where('messages.conversationId', '=', message.conversationId);
      const upTo = await inConversation
        .where('messages.id', '<=', messageId)
        .orderBy('messages.id', 'desc')
        .limit(n + 1)
        .execute();
      const after = await inConversation
        .where('messages.id', '>', messageId)
        .orderBy('messages.id', 'asc')
        .limit(n)
        .execute();
      return { message, around: [...upTo.reverse(), ...after] };
    },

    find(id: string) {
      return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Open reports with the reporter and the reported user, and how many open reports that user has. */
    open(limit: number) {
      return db
        .selectFrom('reports')
        .innerJoin('users as target', 'target.id', 'reports.targetUserId')
        .leftJoin('users as reporter', 'reporter.id', 'reports.reporterId')
        .select((eb) => [
          'reports.id',
          'reports.kind',
          'reports.targetId',
          'reports.reason',
          'reports.note',
          'reports.snapshot',
          'reports.createdAt',
          'target.id as targetUserId',
          'target.username as targetUsername',
          'target.isAi as targetIsAi',
          'target.isFrozen as targetIsFrozen',
          eb.fn.coalesce('reporter.username', eb.val('deleted account')).as('reporterUsername'),
          eb
            .selectFrom('reports as same')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('same.targetUserId', '=', 'reports.targetUserId')
            .where('same.status', '=', 'open')
            .as('reportsOnTarget'),
        ])
        .where('reports.status', '=', 'open')
        .orderBy('reportsOnTarget', 'desc')
        .orderBy('reports.createdAt', 'desc')
        .limit(limit)
        .execute();
    },

    /** Closes one report; false when it was not open. */
    async close(
      id: string,
      status: 'dismissed' | 'actioned',
      at: string,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('reports')
        .set({ status, resolvedAt: at })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Closes every open report about `targetUserId` (an action on them answers them all). */
    async closeAbout(targetUserId: string, at: string): Promise<void> {
      await db
        .updateTable('reports')
        .set({ status: 'actioned', resolvedAt: at })
        .where('targetUserId', '=', targetUserId)
        .where('status', '=', 'open')
        .execute();
    },

    /** Closes the open reports of one message (it was removed). */
    async closeOfTarget(targetId: string, at: string): Promise<void> {
      await db
        .updateTable('reports')
        .set({ status: 'actioned', resolvedAt: at })
        .where('targetId', '=', targetId)
        .where('status', '=', 'open')
        .execute();
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
