import type { Kysely, Updateable } from 'kysely';
import type { ActionRow, ActionsTable, Database } from '../../db/schema.js';

/** Saved notes and prompts; queries only. */
export function actionsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Omit<ActionRow, 'description' | 'pinned'>): Promise<ActionRow> {
      await db.insertInto('actions').values(row).execute();
      return db.selectFrom('actions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    },
    find(id: string): Promise<ActionRow | undefined> {
      return db.selectFrom('actions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** A user's items newest first, one more than asked to tell whether another page follows. */
    page(userId: string, before: string | undefined, limit: number): Promise<ActionRow[]> {
      let query = db.selectFrom('actions').selectAll().where('userId', '=', userId);
      if (before) query = query.where('id', '<', before);
      return query
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
    },
    async update(id: string, patch: Updateable<ActionsTable>): Promise<ActionRow> {
      await db.updateTable('actions').set(patch).where('id', '=', id).execute();
      return db.selectFrom('actions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('actions').where('id', '=', id).execute();
    },
  };
}

export type ActionsRepository = ReturnType<typeof actionsRepository>;
