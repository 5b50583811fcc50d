import type { Kysely, Transaction } from 'kysely';
import { MEMORY_LIMITS } from '../../../contracts/memory.js';
import type { ConversationRow, Database, Flag, MemoryItemRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What memory reads of a conversation: whose it is and its memory switch. */
export type MemoryConversation = Pick<
  ConversationRow,
  'id' | 'userLow' | 'userHigh' | 'memoryOn' | 'memoryFrom'
>;

/** Whose memory: a DM's (its one persona, personaId '') or one persona's in a room. */
export interface MemoryScope {
  conversationId: string;
  personaId: string;
}

/** Memory items and the conversation's memory switch; queries only, no rules. */
export function memoryRepository(db: Kysely<Database>) {
  /** A scope's items, oldest first (ids are time-ordered). */
  const list = (scope: MemoryScope, trx: Executor = db): Promise<MemoryItemRow[]> =>
    trx
      .selectFrom('memoryItems')
      .selectAll()
      .where('conversationId', '=', scope.conversationId)
      .where('personaId', '=', scope.personaId)
      .orderBy('id')
      .execute();

  return {
    list,

    /** Memory's own read of the conversation, so the memory module needs nothing of messaging. */
    conversation(id: string): Promise<MemoryConversation | undefined> {
      return db
        .selectFrom('conversations')
        .select(['id', 'userLow', 'userHigh', 'memoryOn', 'memoryFrom'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async count(scope: MemoryScope): Promise<number> {
      const row = await db
        .selectFrom('memoryItems')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversationId', '=', scope.conversationId)
        .where('personaId', '=', scope.personaId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: MemoryItemRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('memoryItems').values(row).execute();
    },

    /** Changes an item's text (it becomes the person's); undefined when the item is not in this scope. */
    async update(
      scope: MemoryScope,
      id: string,
      text: string,
      now: string,
    ): Promise<MemoryItemRow | undefined> {
      await db
        .updateTable('memoryItems')
        .set({ text, source: 'person', updatedAt: now })
        .where('id', '=', id)
        .where('conversationId', '=', scope.conversationId)
        .where('personaId', '=', scope.personaId)
        .execute();
      return db
        .selectFrom('memoryItems')
        .selectAll()
        .where('id', '=', id)
        .where('conversationId', '=', scope.conversationId)
        .where('personaId', '=', scope.personaId)
        .executeTakeFirst();
    },

    /** Deletes an item of this scope; false when there was none. */
    async remove(scope: MemoryScope, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('memoryItems')
        .where('id', '=', id)
        .where('conversationId', '=', scope.conversationId)
        .where('personaId', '=', scope.personaId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Adds facts remembered from a reply, then keeps the newest MEMORY_LIMITS.items: the oldest remembered
     * ones go first, what the person wrote only when nothing else is left to drop.
     */
    async remember(rows: MemoryItemRow[], scope: MemoryScope): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const row of rows) await trx.insertInto('memoryItems').values(row).execute();
        const all = await list(scope, trx);
        const excess = all.length - MEMORY_LIMITS.items;
        if (excess <= 0) return;
        const byAge = [...all.filter((i) => i.source === 'ai'), ...all.filter((i) => i.source === 'person')];
        const dropped = byAge.slice(0, excess).map((i) => i.id);
        await trx.deleteFrom('memoryItems').where('id', 'in', dropped).execute();
      });
    },

    async setEnabled(conversationId: string, on: boolean): Promise<void> {
      const memoryOn: Flag = on ? 1 : 0;
      await db.updateTable('conversations').set({ memoryOn }).where('id', '=', conversationId).execute();
    },
  };
}

export type MemoryRepository = ReturnType<typeof memoryRepository>;
