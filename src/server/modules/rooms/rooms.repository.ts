import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MessageRow, RoomMemberRow, RoomRow, UserRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A member as the room shows them: their row in the room and the columns of their account it needs. */
export type MemberWithUser = RoomMemberRow &
  Pick<
    UserRow,
    | 'username'
    | 'name'
    | 'profilePic'
    | 'readReceipts'
    | 'voiceName'
    | 'voiceRate'
    | 'voicePitch'
    | 'isFrozen'
    | 'frozenBy'
    | 'prompt'
    | 'memory'
    | 'createdByUsername'
  >;

/** A member's row with the room's settings: what every send and read checks. */
export type Membership = RoomMemberRow & Pick<RoomRow, 'ownerId' | 'replyMode' | 'personaTurns' | 'name'>;

export interface RoomListRow {
  id: string;
  name: string;
  lastText: string;
  lastSenderId: string;
  updatedAt: string;
  muted: number;
  memberCount: number | string | null;
  unreadCount: number | string;
}

/** Unread counts stop here: the inbox shows "99+" past it, and counting never scans more. */
export const UNREAD_COUNT_CAP = 100;
/** Rooms one inbox lists at most (a person may be in more; the newest come first). */
const ROOM_LIST_MAX = 500;

/** Rooms and their members; queries only, no rules. */
export function roomsRepository(db: Kysely<Database>) {
  const memberColumns = [
    'rm.roomId',
    'rm.memberId',
    'rm.isAi',
    'rm.joinedAt',
    'rm.leftAt',
    'rm.readUpTo',
    'rm.benched',
    'rm.muted',
  ] as const;

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** A new room: its conversation (naming itself as both sides), its settings and its first members. */
    async create(
      room: RoomRow,
      members: Array<Pick<RoomMemberRow, 'memberId' | 'isAi'>>,
      trx: Executor,
    ): Promise<void> {
      await trx
        .insertInto('conversations')
        .values({
          id: room.id,
          userLow: room.id,
          userHigh: room.id,
          createdAt: room.createdAt,
          updatedAt: room.createdAt,
        })
        .execute();
      await trx.insertInto('rooms').values(room).execute();
      await trx
        .insertInto('roomMembers')
        .values(members.map((m) => ({ ...m, roomId: room.id, joinedAt: room.createdAt })))
        .execute();
    },

    findRoom(roomId: string, trx: Executor = db): Promise<RoomRow | undefined> {
      return trx.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
    },

    /** The member's row (present or past) with the room's settings; undefined when they were never in it. */
    membership(roomId: string, memberId: string, trx: Executor = db): Promise<Membership | undefined> {
      return trx
        .selectFrom('roomMembers as rm')
        .innerJoin('rooms as r', 'r.id', 'rm.roomId')
        .select([...memberColumns, 'r.ownerId', 'r.replyMode', 'r.personaTurns', 'r.name'])
        .where('rm.roomId', '=', roomId)
        .where('rm.memberId', '=', memberId)
        .executeTakeFirst();
    },

    /** Everyone in the room now (people and personas), in the order they joined, with their accounts. */
    members(roomId: string, trx: Executor = db): Promise<MemberWithUser[]> {
      return trx
        .selectFrom('roomMembers as rm')
        .innerJoin('users as u', 'u.id', 'rm.memberId')
        .select([
          ...memberColumns,
          'u.username',
          'u.name',
          'u.profilePic',
          'u.readReceipts',
          'u.voiceName',
          'u.voiceRate',
          'u.voicePitch',
          'u.isFrozen',
          'u.frozenBy',
          'u.prompt',
          'u.memory',
          'u.createdByUsername',
        ])
        .where('rm.roomId', '=', roomId)
        .where('rm.leftAt', '=', '')
        .orderBy('rm.joinedAt')
        .orderBy('rm.memberId')
        .execute();
    },

    /** Whether any persona in the room now may speak (not benched): most rooms' messages stop at this one read. */
    async hasSpeakingPersona(roomId: string): Promise<boolean> {
      const row = await db
        .selectFrom('roomMembers')
        .select('memberId')
        .where('roomId', '=', roomId)
        .where('isAi', '=', 1)
        .where('benched', '=', 0)
        .where('leftAt', '=', '')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The ids of the people (not personas) in the room now; with `keepingReceipts`, only those who keep read
     * receipts on: the ones told of each other's reading.
     */
    async peopleIn(roomId: string, only: { keepingReceipts?: boolean } = {}): Promise<string[]> {
      const rows = await db
        .selectFrom('roomMembers as rm')
        .innerJoin('users as u', 'u.id', 'rm.memberId')
        .select('rm.memberId')
        .where('rm.roomId', '=', roomId)
        .where('rm.isAi', '=', 0)
        .where('rm.leftAt', '=', '')
        .$if(only.keepingReceipts === true, (query) => query.where('u.readReceipts', '=', 1))
        .execute();
      return rows.map((row) => row.memberId);
    },

    /** The rooms a person is in now, for their sockets to join. */
    async roomIdsOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('roomMembers')
        .select('roomId')
        .where('memberId', '=', userId)
        .where('leftAt', '=', '')
        .execute();
      return rows.map((row) => row.roomId);
    },

    /** Adds members, or brings back ones who left (they read from their new joining on). */
    async addMembers(
      roomId: string,
      members: Array<Pick<RoomMemberRow, 'memberId' | 'isAi'>>,
      at: string,
      trx: Executor,
    ): Promise<void> {
      for (const member of members)
        await trx
          .insertInto('roomMembers')
          .values({ ...member, roomId, joinedAt: at })
          .onConflict((oc) =>
            oc
              .columns(['roomId', 'memberId'])
              .doUpdateSet({ joinedAt: at, leftAt: '', readUpTo: '', benched: 0, muted: 0 }),
          )
          .execute();
    },

    /** Marks a member as gone (they keep reading up to now); false when they were not in the room. */
    async removeMember(roomId: string, memberId: string, at: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('roomMembers')
        .set({ leftAt: at })
        .where('roomId', '=', roomId)
        .where('memberId', '=', memberId)
        .where('leftAt', '=', '')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async updateRoom(
      roomId: string,
      patch: Partial<Pick<RoomRow, 'name' | 'replyMode' | 'personaTurns' | 'ownerId'>>,
      trx: Executor = db,
    ): Promise<void> {
      await trx.updateTable('rooms').set(patch).where('id', '=', roomId).execute();
    },

    async setMemoryOn(roomId: string, on: boolean, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('conversations')
        .set({ memoryOn: on ? 1 : 0 })
        .where('id', '=', roomId)
        .execute();
    },

    async memoryOn(roomId: string): Promise<boolean> {
      const row = await db
        .selectFrom('conversations')
        .select('memoryOn')
        .where('id', '=', roomId)
        .executeTakeFirst();
      return row?.memoryOn === 1;
    },

    async setMemberFlag(
      roomId: string,
      memberId: string,
      flag: 'benched' | 'muted',
      on: boolean,
    ): Promise<void> {
      await db
        .updateTable('roomMembers')
        .set({ [flag]: on ? 1 : 0 })
        .where('roomId', '=', roomId)
        .where('memberId', '=', memberId)
        .execute();
    },

    /** Moves the member's read position forward only (a late, older mark changes nothing); true if it moved. */
    async markRead(roomId: string, memberId: string, messageId: string): Promise<boolean> {
      const result = await db
        .updateTable('roomMembers')
        .set({ readUpTo: messageId })
        .where('roomId', '=', roomId)
        .where('memberId', '=', memberId)
        .where('readUpTo', '<', messageId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The room's message with this id, if it is one of the room's. */
    roomMessage(roomId: string, messageId: string): Promise<MessageRow | undefined> {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', messageId)
        .where('conversationId', '=', roomId)
        .executeTakeFirst();
    },

    /** The room's newest message (the last one before a time, when given). */
    newestMessage(roomId: string, upTo?: string): Promise<MessageRow | undefined> {
      let query = db.selectFrom('messages').selectAll().where('conversationId', '=', roomId);
      if (upTo) query = query.where('createdAt', '<=', upTo);
      return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    /** A page of the room's messages between two times (when the reader joined, and left), oldest first. */
    async page(
      roomId: string,
      window: { from: string; to: string },
      before: string | undefined,
      limit: number,
    ): Promise<MessageRow[]> {
      let query = db
        .selectFrom('messages')
        .selectAll()
        .where('conversationId', '=', roomId)
        .where('createdAt', '>=', window.from);
      if (window.to) query = query.where('createdAt', '<=', window.to);
      if (before) query = query.where('id', '<', before);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.reverse();
    },

    /** The room's message becomes its latest: the inbox sorts and previews by it. */
    async setLatest(
      message: Pick<MessageRow, 'conversationId' | 'text' | 'senderId' | 'createdAt'>,
      trx: Executor,
    ) {
      await trx
        .updateTable('conversations')
        .set({ lastText: message.text, lastSenderId: message.senderId, updatedAt: message.createdAt })
        .where('id', '=', message.conversationId)
        .execute();
    },

    /** The rooms a person is in, newest activity first, with their unread counts (capped). */
    list(userId: string): Promise<RoomListRow[]> {
      return db
        .selectFrom('roomMembers as rm')
        .innerJoin('rooms as r', 'r.id', 'rm.roomId')
        .innerJoin('conversations as c', 'c.id', 'rm.roomId')
        .select([
          'r.id',
          'r.name',
          'c.lastText',
          'c.lastSenderId',
          'c.updatedAt',
          'rm.muted',
          (eb) =>
            eb
              .selectFrom('roomMembers as others')
              .select((count) => count.fn.countAll<number>().as('n'))
              .whereRef('others.roomId', '=', 'rm.roomId')
              .where('others.leftAt', '=', '')
              .as('memberCount'),
          sql<number>`(select count(*) from (select 1 from messages m
            where m.conversation_id = rm.room_id and m.id > rm.read_up_to and m.sender_id <> rm.member_id
              and m.created_at >= rm.joined_at
            limit ${UNREAD_COUNT_CAP}) unread)`.as('unreadCount'),
        ])
        .where('rm.memberId', '=', userId)
        .where('rm.leftAt', '=', '')
        .orderBy('c.updatedAt', 'desc')
        .limit(ROOM_LIST_MAX)
        .execute();
    },

    /** Whether a person (not a persona) wrote in the room after this message. */
    async personWroteAfter(roomId: string, messageId: string): Promise<boolean> {
      const row = await db
        .selectFrom('messages as m')
        .innerJoin('users as u', 'u.id', 'm.senderId')
        .select('m.id')
        .where('m.conversationId', '=', roomId)
        .where('m.id', '>', messageId)
        .where('u.isAi', '=', 0)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The newest messages a persona may know of the room: those since it joined, not deleted, oldest first. */
    async recentSince(roomId: string, since: string, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversationId', '=', roomId)
        .where('createdAt', '>=', since)
        // A message deleted for everyone is no longer told to a persona.
        .where('deleted', '=', 0)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },
  };
}

export type RoomsRepository = ReturnType<typeof roomsRepository>;
