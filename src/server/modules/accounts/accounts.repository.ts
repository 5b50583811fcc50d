import type { Kysely, Transaction } from 'kysely';
import { compiledOnce, type Param } from '../../performance/compiled-query.js';
import type { Database, NewUserRow, UserPatch, UserRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A user row by primary key: on every request (the session's user) and every send (the recipient). */
export function userByIdQuery(db: Kysely<Database>) {
  const byId = compiledOnce(db, (p: Param<'id'>) =>
    db.selectFrom('users').selectAll().where('id', '=', p('id')),
  );
  return async (id: string, trx: Executor = db): Promise<UserRow | undefined> =>
    (await byId({ id }, trx)).rows[0];
}

/** What sending a message needs to know of its recipient: only these columns, read on every send. */
export type Recipient = Pick<UserRow, 'id' | 'isFrozen' | 'isAi' | 'openingMessage' | 'readReceipts'>;

/** User rows; no rules here, only queries. */
export function accountsRepository(db: Kysely<Database>) {
  const userById = userByIdQuery(db);
  // A persona's row carries its prompt and memory (kilobytes); a send reads none of that.
  const recipientById = compiledOnce(db, (p: Param<'id'>) =>
    db
      .selectFrom('users')
      .select(['id', 'isFrozen', 'isAi', 'openingMessage', 'readReceipts'])
      .where('id', '=', p('id')),
  );
  return {
    findById(id: string, trx: Executor = db): Promise<UserRow | undefined> {
      return userById(id, trx);
    },
    async findRecipient(id: string): Promise<Recipient | undefined> {
      return (await recipientById({ id })).rows[0];
    },
    findByUsername(username: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },
    findByEmail(email: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    async insert(row: NewUserRow, trx: Executor = db): Promise<UserRow> {
      await trx.insertInto('users').values(row).execute();
      const created = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return created;
    },
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
    /** Personas record their creator by username, so a renamed creator keeps them. */
    async renameCreator(from: string, to: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ createdByUsername: to })
        .where('createdByUsername', '=', from)
        .execute();
    },
    /** Whether any account (a person or a persona) shows this picture. */
    async isPictureUsed(url: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select('id')
        .where('profilePic', '=', url)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async update(id: string, patch: UserPatch, trx: Executor = db): Promise<UserRow> {
      await trx.updateTable('users').set(patch).where('id', '=', id).execute();
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
