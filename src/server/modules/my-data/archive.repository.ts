import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hasPerson, mayRead, otherPerson } from '../../db/conversation-sides.js';

/** What a person's data archive reads; every query is bounded to rows the person owns or takes part in. */
export function archiveRepository(db: Kysely<Database>) {
  return {
    /** Personas the person created (with their prompts and memory). */
    personasOf(username: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('createdByUsername', '=', username)
        .where('isAi', '=', 1)
        .where('deletedAt', '=', '')
        .orderBy('createdAt')
        .execute();
    },

    savedItemsOf(personId: string) {
      return db
        .selectFrom('actions')
        .select(['id', 'type', 'title', 'memory', 'pinned', 'createdAt', 'updatedAt'])
        .where('userId', '=', personId)
        .orderBy('createdAt')
        .execute();
    },

    /** The person's conversations with whom each is with, oldest first. */
    conversationsOf(personId: string) {
      return db
        .selectFrom('conversations as c')
        .innerJoin('users as other', (join) => join.on('other.id', '=', otherPerson(personId)))
        .select([
          'c.id',
          'c.userLow',
          'c.context',
          'c.memoryOn',
          'c.mutedLow',
          'c.mutedHigh',
          'c.createdAt',
          'c.updatedAt',
          'other.id as otherId',
          'other.username as otherUsername',
          'other.name as otherName',
          'other.isAi as otherIsAi',
          'other.deletedAt as otherDeletedAt',
        ])
        .where(hasPerson(personId))
        .orderBy('c.createdAt')
        .execute();
    },

    /** What personas remember of the person, in the person's conversations. */
    memoryItemsOf(personId: string) {
      return db
        .selectFrom('memoryItems as mi')
        .innerJoin('conversations as c', 'c.id', 'mi.conversationId')
        .select(['mi.conversationId', 'mi.text', 'mi.source', 'mi.createdAt', 'mi.updatedAt'])
        .where(hasPerson(personId))
        .orderBy('mi.createdAt')
        .execute();
    },

    /** The rooms the person is or was in, with their own part in each, the earliest joined first. */
    roomsOf(personId: string) {
      return db
        .selectFrom('roomMembers as rm')
        .innerJoin('rooms as r', 'r.id', 'rm.roomId')
        .select(['r.id', 'r.name', 'r.ownerId', 'rm.joinedAt', 'rm.leftAt', 'rm.muted'])
        .where('rm.memberId', '=', personId)
        .orderBy('rm.joinedAt')
        .execute();
    },

    /** The messages the person may read: all of their DMs', and their rooms' while they were in them. */
    async messageCountOf(personId: string): Promise<number> {
      const row = await db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversationId')
        .select((eb) => eb.fn.countAll().as('count'))
        .where(mayRead(personId))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Up to `limit` messages of a conversation after `afterId` ('' from the start), by id (time) order; of a room,
     * only those written between `window.from` and `window.to` (the person's joining and leaving, '' for none).
     */
    messagesAfter(conversationId: string, afterId: string, limit: number, window = { from: '', to: '' }) {
      let query = db
        .selectFrom('messages')
        .select(['id', 'senderId', 'text', 'createdAt', 'forwardedFrom'])
        .where('conversationId', '=', conversationId)
        .where('id', '>', afterId)
        .where('createdAt', '>=', window.from);
      if (window.to) query = query.where('createdAt', '<=', window.to);
      return query.orderBy('id').limit(limit).execute();
    },

    discussionsOf(personId: string) {
      return db
        .selectFrom('discussions')
        .select(['id', 'topic', 'seatIds', 'status', 'createdAt', 'updatedAt'])
        .where('userId', '=', personId)
        .orderBy('createdAt')
        .execute();
    },

    turnsOf(discussionId: string) {
      return db
        .selectFrom('discussionTurns')
        .select(['speakerId', 'speakerKind', 'text', 'cutShort', 'createdAt'])
        .where('discussionId', '=', discussionId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** Usernames of these accounts (seats of discussions), by id. */
    async usernamesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    blockedBy(personId: string) {
      return db
        .selectFrom('blocks as b')
        .innerJoin('users as u', 'u.id', 'b.blockedId')
        .select(['u.username', 'b.createdAt'])
        .where('b.blockerId', '=', personId)
        .orderBy('b.createdAt')
        .execute();
    },

    /** The devices the person turned notifications on for (their keys stay out). */
    devicesOf(personId: string) {
      return db
        .selectFrom('pushSubscriptions')
        .select(['endpoint', 'createdAt', 'lastSuccessAt'])
        .where('userId', '=', personId)
        .orderBy('createdAt')
        .execute();
    },

    /** Reports the person filed: what they wrote, not the snapshots (those hold other people's words). */
    reportsBy(personId: string) {
      return db
        .selectFrom('reports')
        .select(['kind', 'reason', 'note', 'status', 'createdAt'])
        .where('reporterId', '=', personId)
        .orderBy('createdAt')
        .execute();
    },
  };
}

export type ArchiveRepository = ReturnType<typeof archiveRepository>;
