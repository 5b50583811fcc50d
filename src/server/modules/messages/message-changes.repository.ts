import { sql, type Kysely, type Transaction } from 'kysely';
import { mayRead } from '../../db/conversation-sides.js';
import type { Database, Flag, MessageRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A message as a change to it is judged: its conversation's sides, its author's kind, the reader's membership. */
export interface ChangeableMessage extends MessageRow {
  userLow: string;
  userHigh: string;
  senderIsAi: Flag;
  /** In a room: when the reader left it ('' while they are in it); null elsewhere. */
  readerLeftAt: string | null;
}

/** The conversation's last text follows its message when that message is still its newest. */
async function setLastTextIfNewest(trx: Executor, message: MessageRow, text: string): Promise<void> {
  await trx
    .updateTable('conversations')
    .set({ lastText: text })
    .where('id', '=', message.conversationId)
    .where(
      sql<string>`(select max(m.id) from messages m where m.conversation_id = ${message.conversationId})`,
      '=',
      message.id,
    )
    .execute();
}

/** Edits, deletions for everyone and reactions; queries only, no rules. */
export function messageChangesRepository(db: Kysely<Database>) {
  return {
    /** A message `readerId` may read (a DM of theirs, a room they were in when it was written), for a change. */
    findReadable(id: string, readerId: string): Promise<ChangeableMessage | undefined> {
      return db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversationId')
        .innerJoin('users as u', 'u.id', 'm.senderId')
        .selectAll('m')
        .select(['c.userLow', 'c.userHigh', 'u.isAi as senderIsAi'])
        .select((eb) =>
          eb
            .selectFrom('roomMembers as rm')
            .select('rm.leftAt')
            .whereRef('rm.roomId', '=', 'm.conversationId')
            .where('rm.memberId', '=', readerId)
            .as('readerLeftAt'),
        )
        .where('m.id', '=', id)
        .where(mayRead(readerId))
        .executeTakeFirst();
    },

    /** Replaces the message's text (and the conversation's preview when it is the newest). */
    async edit(message: MessageRow, text: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('messages').set({ text, editedAt: at }).where('id', '=', message.id).execute();
        await setLastTextIfNewest(trx, message, text);
      });
    },

    /**
     * Deletes a message for everyone: its row stays with its text emptied (search drops it: migration 028's
     * trigger on SQLite, the generated column on PostgreSQL), its reactions go, and so do the memory items taken
     * from an exchange it was part of: the reply itself, or the first reply of each persona after it. Returns the
     * personas (in a room; '' in a DM) whose memory changed.
     */
    async remove(message: MessageRow): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('messages')
          .set({ text: '', deleted: 1 })
          .where('id', '=', message.id)
          .execute();
        await trx.deleteFrom('messageReactions').where('messageId', '=', message.id).execute();
        await setLastTextIfNewest(trx, message, '');
        const repliesAfter = trx
          .selectFrom('messages as r')
          .innerJoin('users as u', 'u.id', 'r.senderId')
          .select((eb) => eb.fn.min('r.id').as('id'))
          .where('r.conversationId', '=', message.conversationId)
          .where('r.id', '>', message.id)
          .where('u.isAi', '=', 1)
          .groupBy('r.senderId');
        const forgotten = await trx
          .deleteFrom('memoryItems')
          .where('conversationId', '=', message.conversationId)
          .where((eb) =>
            eb.or([eb('sourceMessageId', '=', message.id), eb('sourceMessageId', 'in', repliesAfter)]),
          )
          .returning('personaId')
          .execute();
        return [...new Set(forgotten.map((row) => row.personaId))];
      });
    },

    /** Adds or takes back one person's reaction; whether anything changed. */
    async react(messageId: string, userId: string, emoji: string, on: boolean, at: string): Promise<boolean> {
      const result = on
        ? await db
            .insertInto('messageReactions')
            .values({ messageId, userId, emoji, createdAt: at })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst()
        : await db
            .deleteFrom('messageReactions')
            .where('messageId', '=', messageId)
            .where('userId', '=', userId)
            .where('emoji', '=', emoji)
            .executeTakeFirst();
      const changed =
        'numInsertedOrUpdatedRows' in result ? result.numInsertedOrUpdatedRows : result.numDeletedRows;
      return Number(changed ?? 0) > 0;
    },
  };
}

export type MessageChangesRepository = ReturnType<typeof messageChangesRepository>;
