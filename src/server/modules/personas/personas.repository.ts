import { sql, type Kysely } from 'kysely';
import type { Database, UserPatch, UserRow } from '../../db/schema.js';

export interface DirectoryFilter {
  q?: string;
  tag?: string;
  createdBy?: string;
  /** The last username of the previous page. */
  after?: string;
  limit: number;
}

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Persona rows (users with is_ai = 1); queries only. */
export function personasRepository(db: Kysely<Database>) {
  return {
    /** One page of the directory in username order; asks for one extra row to know if more follow. */
    directory(filter: DirectoryFilter): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll().where('isAi', '=', 1).where('isFrozen', '=', 0);
      if (filter.tag) query = query.where('tag', '=', filter.tag);
      if (filter.createdBy) query = query.where('createdByUsername', '=', filter.createdBy);
      if (filter.after) query = query.where('username', '>', filter.after);
      if (filter.q) {
        const pattern = likePattern(filter.q);
        // Raw because LIKE ... ESCAPE is not in Kysely's operator set; the pattern is still a bound parameter.
        query = query.where(
          sql<boolean>`(lower(name) like ${pattern} escape '\\' or username like ${pattern} escape '\\' or lower(bio) like ${pattern} escape '\\')`,
        );
      }
      return query
        .orderBy('username')
        .limit(filter.limit + 1)
        .execute();
    },

    countCreatedBy(username: string): Promise<number> {
      return db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('createdByUsername', '=', username)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    async update(id: string, patch: UserPatch): Promise<UserRow> {
      await db.updateTable('users').set(patch).where('id', '=', id).execute();
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
  };
}

export type PersonasRepository = ReturnType<typeof personasRepository>;
