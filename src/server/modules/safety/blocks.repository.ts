import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Who a person blocked and who blocked them, as ids. */
export interface BlockSets {
  blocked: ReadonlySet<string>;
  /** The usernames of the people blocked: their personas carry them (createdByUsername). */
  blockedUsernames: ReadonlySet<string>;
  blockedBy: ReadonlySet<string>;
}

/**
 * True when `viewerId` blocked the user in `alias` (a person) or that user's creator (a persona): a row the viewer
 * no longer sees in lists, the directory, search or the Charioteer's picker. `alias` names a users row in the query.
 */
export function hiddenFrom(viewerId: string | Expression<string>, alias: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from blocks hb join users hu on hu.id = hb.blocked_id where hb.blocker_id = ${viewerId} and (hb.blocked_id = ${sql.ref(`${alias}.id`)} or hu.username = ${sql.ref(`${alias}.createdByUsername`)}))`;
}

/** True when either of the two users in `a` and `b` (id columns) blocked the other. */
export function blockedBetween(a: string, b: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from blocks pb where (pb.blocker_id = ${sql.ref(a)} and pb.blocked_id = ${sql.ref(b)}) or (pb.blocker_id = ${sql.ref(b)} and pb.blocked_id = ${sql.ref(a)}))`;
}

/** Blocks between people; no rules here, only queries. */
export function blocksRepository(db: Kysely<Database>) {
  return {
    /** Adds the block; false when it was there already. */
    async add(blockerId: string, blockedId: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('blocks')
        .values({ blockerId, blockedId, createdAt: at })
        .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Removes the block; false when there was none. */
    async remove(blockerId: string, blockedId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('blocks')
        .where('blockerId', '=', blockerId)
        .where('blockedId', '=', blockedId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Everyone `blockerId` blocked, the latest first, with what their blocked list shows. */
    listBy(blockerId: string) {
      return db
        .selectFrom('blocks')
        .innerJoin('users', 'users.id', 'blocks.blockedId')
        .select(['users.id', 'users.username', 'users.name', 'users.profilePic', 'blocks.createdAt'])
        .where('blocks.blockerId', '=', blockerId)
        .orderBy('blocks.createdAt', 'desc')
        .execute();
    },

    async setsOf(userId: string): Promise<BlockSets> {
      const rows = await db
        .selectFrom('blocks')
        .innerJoin('users', 'users.id', 'blocks.blockedId')
        .select(['blocks.blockerId', 'blocks.blockedId', 'users.username'])
        .where('blocks.blockerId', '=', userId)
        .unionAll(
          db
            .selectFrom('blocks')
            .select(['blockerId', 'blockedId', sql.lit('').as('username')])
            .where('blockedId', '=', userId),
        )
        .execute();
      const blocked = new Set<string>();
      const blockedUsernames = new Set<string>();
      const blockedBy = new Set<string>();
      for (const row of rows) {
        if (row.blockerId === userId) {
          blocked.add(row.blockedId);
          blockedUsernames.add(row.username);
        } else blockedBy.add(row.blockerId);
      }
      return { blocked, blockedUsernames, blockedBy };
    },
  };
}

export type BlocksRepository = ReturnType<typeof blocksRepository>;
