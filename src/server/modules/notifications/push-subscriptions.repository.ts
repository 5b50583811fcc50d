import type { Kysely } from 'kysely';
import type { Database, PushSubscriptionRow } from '../../db/schema.js';

/** A device's subscription as the sender needs it. */
export type PushTarget = Pick<PushSubscriptionRow, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth'>;

/** Push subscriptions, and the few reads the notifier decides with; no rules here, only queries. */
export function pushSubscriptionsRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores the device for the person (the same endpoint moves to them if someone else had it), then drops their
     * oldest devices past `keep`. One transaction.
     */
    async save(row: Omit<PushSubscriptionRow, 'lastSuccessAt'>, keep: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('pushSubscriptions')
          .values(row)
          .onConflict((oc) =>
            oc.column('endpoint').doUpdateSet({
              userId: row.userId,
              p256dh: row.p256dh,
              auth: row.auth,
              createdAt: row.createdAt,
            }),
          )
          .execute();
        const kept = trx
          .selectFrom('pushSubscriptions')
          .select('id')
          .where('userId', '=', row.userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(keep);
        await trx
          .deleteFrom('pushSubscriptions')
          .where('userId', '=', row.userId)
          .where('id', 'not in', kept)
          .execute();
      });
    },

    /** Removes the person's device; false when they had none with this endpoint. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom('pushSubscriptions')
        .where('userId', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The push service said the device is gone (404/410). */
    async forget(id: string): Promise<void> {
      await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
    },

    async delivered(id: string, at: string): Promise<void> {
      await db.updateTable('pushSubscriptions').set({ lastSuccessAt: at }).where('id', '=', id).execute();
    },

    /** The devices of these people. */
    async of(userIds: readonly string[]): Promise<PushTarget[]> {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('pushSubscriptions')
        .select(['id', 'userId', 'endpoint', 'p256dh', 'auth'])
        .where('userId', 'in', userIds)
        .execute();
    },

    /** Whether the person muted the DM or room (a room they left counts as muted: they hear nothing of it). */
    async mutedFor(conversationId: string, userId: string, room: boolean): Promise<boolean> {
      if (room) {
        const member = await db
          .selectFrom('roomMembers')
          .select('muted')
          .where('roomId', '=', conversationId)
          .where('memberId', '=', userId)
          .where('leftAt', '=', '')
          .executeTakeFirst();
        return !member || member.muted === 1;
      }
      const pair = await db
        .selectFrom('conversations')
        .select(['userLow', 'mutedLow', 'mutedHigh'])
        .where('id', '=', conversationId)
        .executeTakeFirst();
      if (!pair) return true;
      return (pair.userLow === userId ? pair.mutedLow : pair.mutedHigh) === 1;
    },

    /** The people in the room (now) with these usernames (lower case): whom an @name reaches. */
    async membersNamed(roomId: string, usernames: readonly string[]): Promise<string[]> {
      if (usernames.length === 0) return [];
      const rows = await db
        .selectFrom('roomMembers as rm')
        .innerJoin('users as u', 'u.id', 'rm.memberId')
        .select('u.id')
        .where('rm.roomId', '=', roomId)
        .where('rm.leftAt', '=', '')
        .where('rm.isAi', '=', 0)
        .where('u.username', 'in', usernames)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof pushSubscriptionsRepository>;
