import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConversationRow, Database, MessageRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The two ids of a pair in the order conversations store them. */
export function orderedPair(a: string, b: string): { userLow: string; userHigh: string } {
  return a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };
}

export interface ConversationListRow extends ConversationRow {
  otherId: string;
  otherUsername: string;
  otherName: string;
  otherProfilePic: string;
  otherIsAi: number;
  unreadCount: number | string;
}

const CONVERSATION_LIST_MAX = 500;

/** Conversations and messages; queries only, no rules. */
export function messagesRepository(db: Kysely<Database>) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findConversation(id: string, trx: Executor = db): Promise<ConversationRow | undefined> {
      return trx.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findConversationBetween(a: string, b: string, trx: Executor = db): Promise<ConversationRow | undefined> {
      const pair = orderedPair(a, b);
      return trx
        .selectFrom('conversations')
        .selectAll()
        .where('userLow', '=', pair.userLow)
        .where('userHigh', '=', pair.userHigh)
        .executeTakeFirst();
    },

    /** Creates the pair's conversation unless a concurrent first message already did; returns it either way. */
    async ensureConversation(
      id: string,
      a: string,
      b: string,
      now: string,
      trx: Executor,
    ): Promise<ConversationRow> {
      await trx
        .insertInto('conversations')
        .values({ id, ...orderedPair(a, b), createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.columns(['userLow', 'userHigh']).doNothing())
        .execute();
      const row = await this.findConversationBetween(a, b, trx);
      if (!row) throw new Error('conversation vanished after insert');
      return row;
    },

    async insertMessage(row: Omit<MessageRow, 'seen'>, trx: Executor): Promise<void> {
      await trx.insertInto('messages').values(row).execute();
    },

    async setLatest(
      conversationId: string,
      text: string,
      senderId: string,
      at: string,
      trx: Executor,
    ): Promise<void> {
      await trx
        .updateTable('conversations')
        .set({ lastText: text, lastSenderId: senderId, lastSeen: 0, updatedAt: at })
        .where('id', '=', conversationId)
        .execute();
    },

    /** A user's conversations, newest update first, with the other party and the unread count. */
    listFor(userId: string): Promise<ConversationListRow[]> {
      return (
        db
          .selectFrom('conversations as c')
          // The other party: whichever side of the pair is not this user.
          .innerJoin('users as u', (join) =>
            join.on(
              sql<boolean>`u.id = case when c.user_low = ${userId} then c.user_high else c.user_low end`,
            ),
          )
          .selectAll('c')
          .select([
            'u.id as otherId',
            'u.username as otherUsername',
            'u.name as otherName',
            'u.profilePic as otherProfilePic',
            'u.isAi as otherIsAi',
          ])
          .select((eb) =>
            eb
              .selectFrom('messages as m')
              .select(eb.fn.countAll().as('n'))
              .whereRef('m.conversationId', '=', 'c.id')
              .where('m.senderId', '!=', userId)
              .where('m.seen', '=', 0)
              .as('unreadCount'),
          )
          .where((eb) => eb.or([eb('c.userLow', '=', userId), eb('c.userHigh', '=', userId)]))
          .where('u.isFrozen', '=', 0)
          .orderBy('c.updatedAt', 'desc')
          .limit(CONVERSATION_LIST_MAX)
          .execute() as Promise<ConversationListRow[]>
      );
    },

    /** Ids of everyone this user has a conversation with. */
    async contactsOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('conversations')
        .select(sql<string>`case when user_low = ${userId} then user_high else user_low end`.as('contactId'))
        .where((eb) => eb.or([eb('userLow', '=', userId), eb('userHigh', '=', userId)]))
        .execute();
      return rows.map((r) => r.contactId);
    },

    /** The newest `limit` messages (before a message id, when given), oldest first. */
    async page(conversationId: string, before: string | undefined, limit: number): Promise<MessageRow[]> {
      let query = db.selectFrom('messages').selectAll().where('conversationId', '=', conversationId);
      if (before) query = query.where('id', '<', before);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.reverse();
    },

    /** Marks as seen what the other side sent; returns how many messages changed. */
    async markSeen(conversationId: string, readerId: string): Promise<number> {
      const result = await db
        .updateTable('messages')
        .set({ seen: 1 })
        .where('conversationId', '=', conversationId)
        .where('senderId', '!=', readerId)
        .where('seen', '=', 0)
        .executeTakeFirst();
      await db
        .updateTable('conversations')
        .set({ lastSeen: 1 })
        .where('id', '=', conversationId)
        .where('lastSenderId', '!=', readerId)
        .execute();
      return Number(result.numUpdatedRows);
    },

    /** Sets the AI context; clearing it ('.') also makes the persona forget the messages so far. */
    async setContext(conversationId: string, context: string, cleared: boolean, now: string): Promise<void> {
      await db
        .updateTable('conversations')
        .set(cleared ? { context, memoryFrom: now } : { context })
        .where('id', '=', conversationId)
        .execute();
    },

    /** The newest messages since the conversation's memory began, oldest first, for an AI prompt. */
    async recentForAi(conversation: ConversationRow, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversationId', '=', conversation.id)
        .where('createdAt', '>', conversation.memoryFrom)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    /**
     * Everyone each of `userIds` has a conversation with, as (user, contact) pairs, for presence batches.
     * Each side of the pair is looked up by its own index (an `or` across both would scan), in bounded IN lists.
     */
    async contactsOfMany(userIds: readonly string[]): Promise<Array<{ userId: string; contactId: string }>> {
      const chunkSize = 500;
      const pairs: Array<{ userId: string; contactId: string }> = [];
      for (let i = 0; i < userIds.length; i += chunkSize) {
        const chunk = userIds.slice(i, i + chunkSize);
        const rows = await db
          .selectFrom('conversations')
          .select(['userLow as userId', 'userHigh as contactId'])
          .where('userLow', 'in', chunk)
          .unionAll(
            db
              .selectFrom('conversations')
              .select(['userHigh as userId', 'userLow as contactId'])
              .where('userHigh', 'in', chunk),
          )
          .execute();
        pairs.push(...rows);
      }
      return pairs;
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
