import type { Kysely, Transaction } from 'kysely';
import { REMOVED_MESSAGE_TEXT } from '../../../contracts/moderation.js';
import type { Database, ModerationActionsTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Moderators' changes to people, personas and messages, each with its audit entry; no rules here. */
export function moderationRepository(db: Kysely<Database>) {
  const audit = (trx: Executor, entry: ModerationActionsTable) =>
    trx.insertInto('moderationActions').values(entry).execute();

  /** Ends a suspension: the person and the personas their suspension froze come back. */
  async function restore(trx: Executor, user: { id: string; username: string }, at: string) {
    await trx
      .updateTable('users')
      .set({ isFrozen: 0, frozenBy: '', suspendedUntil: '', updatedAt: at })
      .where('id', '=', user.id)
      .execute();
    await trx
      .updateTable('users')
      .set({ isFrozen: 0, frozenBy: '', updatedAt: at })
      .where('createdByUsername', '=', user.username)
      .where('isAi', '=', 1)
      .where('frozenBy', '=', 'suspension')
      .execute();
  }

  return {
    /** Runs `change` and writes its audit entry in one transaction: no action without its record. */
    async withAudit(entry: ModerationActionsTable, change: (trx: Transaction<Database>) => Promise<void>) {
      await db.transaction().execute(async (trx) => {
        await change(trx);
        await audit(trx, entry);
      });
    },

    async freezePersona(trx: Executor, personaId: string, reason: string, at: string): Promise<void> {
      await trx
        .updateTable('users')
        .set({ isFrozen: 1, frozenBy: 'moderator', frozenReason: reason, updatedAt: at })
        .where('id', '=', personaId)
        .execute();
    },

    async setRating(
      trx: Executor,
      personaId: string,
      rating: 'general' | 'mature',
      at: string,
    ): Promise<void> {
      await trx.updateTable('users').set({ rating, updatedAt: at }).where('id', '=', personaId).execute();
    },

    async unfreezePersona(trx: Executor, personaId: string, at: string): Promise<void> {
      await trx
        .updateTable('users')
        .set({ isFrozen: 0, frozenBy: '', frozenReason: '', updatedAt: at })
        .where('id', '=', personaId)
        .execute();
    },

    /** Suspends a person until `until` ('never' for good) and freezes their personas that were not frozen. */
    async suspend(trx: Executor, user: { id: string; username: string }, until: string, at: string) {
      await trx
        .updateTable('users')
        .set({ isFrozen: 1, frozenBy: 'suspension', suspendedUntil: until, updatedAt: at })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('users')
        .set({ isFrozen: 1, frozenBy: 'suspension', updatedAt: at })
        .where('createdByUsername', '=', user.username)
        .where('isAi', '=', 1)
        .where('isFrozen', '=', 0)
        .execute();
    },

    restore,

    /** Replaces a message's text, and the conversation's last text when it was the latest. */
    async removeMessage(trx: Executor, message: { id: string; conversationId: string }): Promise<void> {
      await trx
        .updateTable('messages')
        .set({ text: REMOVED_MESSAGE_TEXT })
        .where('id', '=', message.id)
        .execute();
      const latest = await trx
        .selectFrom('messages')
        .select('id')
        .where('conversationId', '=', message.conversationId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest?.id === message.id)
        await trx
          .updateTable('conversations')
          .set({ lastText: REMOVED_MESSAGE_TEXT })
          .where('id', '=', message.conversationId)
          .execute();
    },

    /** A message with the two people of its conversation. */
    findMessage(id: string) {
      return db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversationId')
        .select(['m.id', 'm.conversationId', 'm.text', 'c.userLow', 'c.userHigh'])
        .where('m.id', '=', id)
        .executeTakeFirst();
    },

    /** Lifts a suspension that has ended (at the person's next sign-in), in its own transaction. */
    async liftSuspension(user: { id: string; username: string }): Promise<void> {
      await db.transaction().execute((trx) => restore(trx, user, new Date().toISOString()));
    },

    /** The audit log, newest first. */
    auditLog(limit: number) {
      return db
        .selectFrom('moderationActions')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
