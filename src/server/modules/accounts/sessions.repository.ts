import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../../db/schema.js';
import { userByIdQuery } from './accounts.repository.js';

/** Session rows keyed by the token's hash. */
export function sessionsRepository(db: Kysely<Database>) {
  const userById = userByIdQuery(db);
  return {
    /** The user a cached session belongs to; read on every request so account changes apply at once. */
    async findUser(id: string): Promise<UserRow | undefined> {
      return userById(id);
    },
    async insert(row: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },
    /** The live session for a token hash together with its user, or undefined. */
    async findLive(
      tokenHash: string,
      now: string,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const session = await db
        .selectFrom('sessions')
        .selectAll()
        .where('tokenHash', '=', tokenHash)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      if (!session) return undefined;
      const user = await this.findUser(session.userId);
      return user ? { session, user } : undefined;
    },
    async extend(tokenHash: string, expiresAt: string): Promise<void> {
      await db.updateTable('sessions').set({ expiresAt }).where('tokenHash', '=', tokenHash).execute();
    },
    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },
    async deleteOthers(userId: string, keepTokenHash: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where('userId', '=', userId)
        .where('tokenHash', '!=', keepTokenHash)
        .execute();
    },
    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
