import { sql, type Kysely, type Transaction } from 'kysely';
import { compiledOnce, type Param } from '../../performance/compiled-query.js';
import { contactsOfMany } from './contacts-of-many.query.js';
import { conversationListQuery, type ConversationListRow } from './conversation-list.query.js';
import { seenWalk, unseenFromAfter } from './unseen-from.query.js';
import type { Engine } from '../../db/database.js';
import type { ConversationRow, Database, Flag, MessageRow } from '../../db/schema.js';
import type { LatestMessage, NewMessage } from './message-writes.js';
import { sentWithClientId } from './sent-with-client-id.query.js';
import { mayRead } from '../../db/conversation-sides.js';
import { reactionsOf } from './reactions.query.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The two ids of a pair in the order conversations store them. */
export function orderedPair(a: string, b: string): { userLow: string; userHigh: string } {
  return a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };
}

/** 1 when the message's sender is not this side of the pair: the message is unread for that side. */
const unreadFor = (side: 'userLow' | 'userHigh') =>
  sql<number>`case when ${sql.ref('excluded.lastSenderId')} = ${sql.ref(`conversations.${side}`)} then 0 else 1 end`;

/**
 * Conversations and messages; queries only, no rules. The queries on the chat's hot path are compiled
 * once (compiledOnce) and each is served by an index (docs/archive/performance-diary-2026.md lists the plans).
 */
export function messagesRepository(db: Kysely<Database>, engine: Engine) {
  const byId = compiledOnce(db, (p: Param<'id'>) =>
    db.selectFrom('conversations').selectAll().where('id', '=', p('id')),
  );
  const byPair = compiledOnce(db, (p: Param<'userLow' | 'userHigh'>) =>
    db
      .selectFrom('conversations')
      .selectAll()
      .where('userLow', '=', p('userLow'))
      .where('userHigh', '=', p('userHigh')),
  );
  // One statement for "the pair's conversation now ends with this message": created with the first one,
  // otherwise updated, with the recipient's unread count going up by one.
  const upsertLatest = compiledOnce(
    db,
    (
      p: Param<
        | 'id'
        | 'userLow'
        | 'userHigh'
        | 'text'
        | 'senderId'
        | 'at'
        | 'messageId'
        | 'unreadLow'
        | 'unreadHigh'
        | 'unseenFromLow'
        | 'unseenFromHigh'
      >,
    ) =>
      db
        .insertInto('conversations')
        .values({
          id: p('id'),
          userLow: p('userLow'),
          userHigh: p('userHigh'),
          lastText: p('text'),
          lastSenderId: p('senderId'),
          lastSeen: 0,
          unreadLow: p('unreadLow'),
          unreadHigh: p('unreadHigh'),
          unseenFromLow: p('unseenFromLow'),
          unseenFromHigh: p('unseenFromHigh'),
          createdAt: p('at'),
          updatedAt: p('at'),
        })
        .onConflict((oc) =>
          oc.columns(['userLow', 'userHigh']).doUpdateSet((eb) => ({
            lastText: eb.ref('excluded.lastText'),
            lastSenderId: eb.ref('excluded.lastSenderId'),
            lastSeen: 0,
            updatedAt: eb.ref('excluded.updatedAt'),
            unreadLow: sql<number>`${sql.ref('conversations.unreadLow')} + ${unreadFor('userLow')}`,
            unreadHigh: sql<number>`${sql.ref('conversations.unreadHigh')} + ${unreadFor('userHigh')}`,
            unseenFromLow: unseenFromAfter(
              'Low',
              'conversations.',
              sql.ref('excluded.lastSenderId'),
              sql`${p('messageId')}`,
            ),
            unseenFromHigh: unseenFromAfter(
              'High',
              'conversations.',
              sql.ref('excluded.lastSenderId'),
              sql`${p('messageId')}`,
            ),
          })),
        )
        // Only the id: whether it is the new one tells whether this message started the conversation.
        .returning('id'),
  );
  const setLatest = compiledOnce(db, (p: Param<'id' | 'text' | 'senderId' | 'at' | 'messageId'>) =>
    db
      .updateTable('conversations')
      .set({
        lastText: p('text'),
        lastSenderId: p('senderId'),
        lastSeen: 0,
        updatedAt: p('at'),
        unreadLow: sql<number>`unread_low + case when user_low = ${p('senderId')} then 0 else 1 end`,
        unreadHigh: sql<number>`unread_high + case when user_high = ${p('senderId')} then 0 else 1 end`,
        unseenFromLow: unseenFromAfter('Low', '', sql`${p('senderId')}`, sql`${p('messageId')}`),
        unseenFromHigh: unseenFromAfter('High', '', sql`${p('senderId')}`, sql`${p('messageId')}`),
      })
      .where('id', '=', p('id')),
  );
  const insertMessage = compiledOnce(
    db,
    (p: Param<'id' | 'conversationId' | 'senderId' | 'text' | 'createdAt' | 'clientId' | 'forwardedFrom'>) =>
      db.insertInto('messages').values({
        id: p('id'),
        conversationId: p('conversationId'),
        senderId: p('senderId'),
        text: p('text'),
        createdAt: p('createdAt'),
        clientId: p('clientId'),
        forwardedFrom: p('forwardedFrom'),
      }),
  );
  const listFor = conversationListQuery(db, engine);
  const newest = compiledOnce(db, (p: Param<'conversationId' | 'limit'>) =>
    db
      .selectFrom('messages')
      .selectAll()
      .where('conversationId', '=', p('conversationId'))
      .orderBy('id', 'desc')
      .limit(p('limit')),
  );
  const newestBefore = compiledOnce(db, (p: Param<'conversationId' | 'before' | 'limit'>) =>
    db
      .selectFrom('messages')
      .selectAll()
      .where('conversationId', '=', p('conversationId'))
      .where('id', '<', p('before'))
      .orderBy('id', 'desc')
      .limit(p('limit')),
  );
  const seeMessages = compiledOnce(db, (p: Param<'conversationId' | 'readerId'>) => seenWalk(db, p));
  const seeConversation = compiledOnce(db, (p: Param<'id' | 'readerId'>) =>
    db
      .updateTable('conversations')
      .set({
        unreadLow: sql<number>`case when user_low = ${p('readerId')} then 0 else unread_low end`,
        unreadHigh: sql<number>`case when user_high = ${p('readerId')} then 0 else unread_high end`,
        lastSeen: sql<Flag>`case when last_sender_id <> ${p('readerId')} then 1 else last_seen end`,
      })
      .where('id', '=', p('id')),
  );
  const readConversation = compiledOnce(db, (p: Param<'id' | 'readerId'>) =>
    db
      .updateTable('conversations')
      .set({
        unreadLow: sql<number>`case when user_low = ${p('readerId')} then 0 else unread_low end`,
        unreadHigh: sql<number>`case when user_high = ${p('readerId')} then 0 else unread_high end`,
      })
      .where('id', '=', p('id')),
  );

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async findConversation(id: string, trx: Executor = db): Promise<ConversationRow | undefined> {
      return (await byId({ id }, trx)).rows[0];
    },

    async findConversationBetween(
      a: string,
      b: string,
      trx: Executor = db,
    ): Promise<ConversationRow | undefined> {
      return (await byPair(orderedPair(a, b), trx)).rows[0];
    },

    /**
     * Makes the pair's conversation end with this message: creates it with the first message (unread for
     * the recipient, and the opening message unread for the sender) or updates it, in one statement.
     */
    async recordLatest(message: LatestMessage, trx: Executor): Promise<Pick<ConversationRow, 'id'>> {
      const pair = orderedPair(message.senderId, message.recipientId);
      const senderIsLow = pair.userLow === message.senderId;
      const senderUnread = message.openingId ? 1 : 0;
      const senderUnseenFrom = message.openingId ?? '';
      const {
        rows: [row],
      } = await upsertLatest(
        {
          id: message.newConversationId,
          ...pair,
          text: message.text,
          senderId: message.senderId,
          at: message.at,
          messageId: message.messageId,
          unreadLow: senderIsLow ? senderUnread : 1,
          unreadHigh: senderIsLow ? 1 : senderUnread,
          unseenFromLow: senderIsLow ? senderUnseenFrom : message.messageId,
          unseenFromHigh: senderIsLow ? message.messageId : senderUnseenFrom,
        },
        trx,
      );
      if (!row) throw new Error('conversation upsert returned no row');
      return row;
    },

    async insertMessage(row: NewMessage, trx: Executor): Promise<void> {
      await insertMessage(
        { ...row, clientId: row.clientId ?? null, forwardedFrom: row.forwardedFrom ?? '' },
        trx,
      );
    },

    /** The message `senderId` sent with this client id (idempotency key), with its conversation's pair. */
    findByClientId: (senderId: string, clientId: string) => sentWithClientId(db, senderId, clientId),

    /** A message was added to an existing conversation: it becomes the latest, unread for the other side. */
    async setLatest(message: NewMessage, trx: Executor): Promise<void> {
      const { conversationId, text, senderId, createdAt, id } = message;
      await setLatest({ id: conversationId, text, senderId, at: createdAt, messageId: id }, trx);
    },

    /** One message by id, if `readerId` may read it (a DM of theirs, a room they were in when it was written). */
    findReadable(id: string, readerId: string): Promise<MessageRow | undefined> {
      return db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversationId')
        .selectAll('m')
        .where('m.id', '=', id)
        .where(mayRead(readerId))
        .executeTakeFirst();
    },

    /** A user's conversations, newest update first, with the other party and the unread count. */
    async listFor(userId: string): Promise<ConversationListRow[]> {
      return (await listFor({ userId })).rows as ConversationListRow[];
    },

    /** The newest `limit` messages (before a message id, when given), oldest first. */
    async page(conversationId: string, before: string | undefined, limit: number): Promise<MessageRow[]> {
      const { rows } = before
        ? await newestBefore({ conversationId, before, limit })
        : await newest({ conversationId, limit });
      return rows.reverse();
    },

    /** How many messages of a conversation its reader has not seen yet, as its row says. */
    unreadFor(conversation: ConversationRow, readerId: string): number {
      return conversation.userLow === readerId ? conversation.unreadLow : conversation.unreadHigh;
    },

    /** Marks as seen what the other side sent and zeroes the reader's unread count; returns how many changed. */
    async markSeen(conversationId: string, readerId: string, trx: Executor): Promise<number> {
      const seen = await seeMessages({ conversationId, readerId }, trx);
      await seeConversation({ id: conversationId, readerId }, trx);
      return Number(seen.numAffectedRows ?? 0);
    },

    /**
     * Zeroes the reader's unread count without marking any message seen (read receipts off); the next message
     * starts the reader's unseen run afresh, so what was read now is never marked later. Returns rows changed.
     */
    async markReadQuietly(conversationId: string, readerId: string, trx: Executor): Promise<number> {
      const read = await readConversation({ id: conversationId, readerId }, trx);
      return Number(read.numAffectedRows ?? 0);
    },

    /** Sets the AI context; clearing it ('.') also makes the persona forget the messages so far. */
    async setContext(conversationId: string, context: string, cleared: boolean, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('conversations')
          .set(cleared ? { context, memoryFrom: now } : { context })
          .where('id', '=', conversationId)
          .execute();
        // A clean start forgets what the persona remembered of the person too.
        if (cleared)
          await trx.deleteFrom('memoryItems').where('conversationId', '=', conversationId).execute();
      });
    },

    /** Sets whether `userId` (one of the pair) muted the conversation. */
    async setMuted(conversation: ConversationRow, userId: string, muted: boolean): Promise<void> {
      const flag = muted ? 1 : 0;
      await db
        .updateTable('conversations')
        .set(conversation.userLow === userId ? { mutedLow: flag } : { mutedHigh: flag })
        .where('id', '=', conversation.id)
        .execute();
    },

    /** The newest messages since the conversation's memory began (deleted ones left out), oldest first, for an AI prompt. */
    async recentForAi(conversation: ConversationRow, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversationId', '=', conversation.id)
        .where('createdAt', '>', conversation.memoryFrom)
        // A message deleted for everyone is no longer told to the persona.
        .where('deleted', '=', 0)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    /** The reactions on each of these messages (a page's), by message id. */
    reactionsOf: (messageIds: readonly string[]) => reactionsOf(db, messageIds),

    /** Everyone each of `userIds` has a conversation with, as (user, contact) pairs (presence batches). */
    contactsOfMany: (userIds: readonly string[]) => contactsOfMany(db, userIds),
  };
}

export type { ConversationListRow };
export type MessagesRepository = ReturnType<typeof messagesRepository>;
