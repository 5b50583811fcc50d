import type { Kysely } from 'kysely';
import { compiledOnce, type Param } from '../../performance/compiled-query.js';
import type { Database, PushSubscriptionRow, UserRow } from '../../db/schema.js';

/** A device's subscription as the sender needs it. */
export type PushTarget = Pick<PushSubscriptionRow, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth'>;

/** What a notification shows of its sender, and what the block check needs. */
export type SenderCard = Pick<
  UserRow,
  'id' | 'name' | 'username' | 'profilePic' | 'isAi' | 'createdByUsername'
>;

/** Push subscriptions, and the few reads the notifier decides with; no rules here, only queries. */
export function pushSubscriptionsRepository(db: Kysely<Database>) {
  type Params = Param<'userId' | 'senderId' | 'conversationId'>;
  /** A person's devices with the sender's card; the mute condition is the caller's. */
  const devicesWithSender = (p: Params) =>
    db
      .selectFrom('pushSubscriptions as ps')
      .innerJoin('users as s', (join) => join.on('s.id', '=', p('senderId')))
      .select(['ps.id', 'ps.userId', 'ps.endpoint', 'ps.p256dh', 'ps.auth'])
      .select([
        's.name as senderName',
        's.username as senderUsername',
        's.profilePic as senderPic',
        's.isAi as senderIsAi',
        's.createdByUsername as senderCreator',
      ])
      .where('ps.userId', '=', p('userId'));
  // Read on every message to someone with a device: compiled once (performance/compiled-query.ts).
  const dmDevices = compiledOnce(db, (p: Params) =>
    devicesWithSender(p).where(({ exists, selectFrom }) =>
      exists(
        selectFrom('conversations as c')
          .select('c.id')
          .where('c.id', '=', p('conversationId'))
          .where((w) =>
            w.or([
              w.and([w('c.userLow', '=', w.ref('ps.userId')), w('c.mutedLow', '=', 0)]),
              w.and([w('c.userHigh', '=', w.ref('ps.userId')), w('c.mutedHigh', '=', 0)]),
            ]),
          ),
      ),
    ),
  );
  const roomDevices = compiledOnce(db, (p: Params) =>
    devicesWithSender(p).where(({ exists, selectFrom }) =>
      exists(
        selectFrom('roomMembers as rm')
          .select('rm.memberId')
          .whereRef('rm.memberId', '=', 'ps.userId')
          .where('rm.roomId', '=', p('conversationId'))
          .where('rm.leftAt', '=', '')
          .where('rm.muted', '=', 0),
      ),
    ),
  );
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

    /** Everyone with a device, for the lone process's kept set (device-owners.ts). */
    async owners(): Promise<string[]> {
      const rows = await db.selectFrom('pushSubscriptions').select('userId').distinct().execute();
      return rows.map((row) => row.userId);
    },

    /**
     * The devices of these people, leaving out those who muted the conversation (a DM) or the room, or left it,
     * with the sender's card: what a message needs to know before anything else, one compiled read a person
     * (usually one person: a DM's recipient, the person a persona answered).
     */
    async unmutedDevicesOf(
      userIds: readonly string[],
      message: { conversationId: string; room: boolean; senderId: string },
    ): Promise<{ devices: PushTarget[]; sender: SenderCard | undefined }> {
      const read = message.room ? roomDevices : dmDevices;
      const rows = [];
      for (const userId of userIds)
        rows.push(
          ...(await read({ userId, senderId: message.senderId, conversationId: message.conversationId }))
            .rows,
        );
      const first = rows[0];
      return {
        devices: rows.map(({ id, userId, endpoint, p256dh, auth }) => ({
          id,
          userId,
          endpoint,
          p256dh,
          auth,
        })),
        sender: first && {
          id: message.senderId,
          name: first.senderName,
          username: first.senderUsername,
          profilePic: first.senderPic,
          isAi: first.senderIsAi,
          createdByUsername: first.senderCreator,
        },
      };
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
