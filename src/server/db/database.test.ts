import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { reusingStatements } from './database.js';

describe('prepared statements are reused', () => {
  it('SQLite: the same SQL text is prepared once, and the cache is bounded', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = reusingStatements(sqlite);
    const first = db.prepare('select 1 as one');
    expect(db.prepare('select 1 as one')).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 600; i += 1) db.prepare(`select ${i} as n`);
    // The oldest statement was dropped to stay within the cap, so it is prepared anew.
    db.prepare('select 1 as one');
    expect(prepare).toHaveBeenCalledTimes(602);
    db.close();
  });

  describe('through Kysely on the configured engine', () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createTestDb();
    });
    afterAll(() => t.drop());

    it('answers repeated queries with fresh parameters each time', async () => {
      const ids = await Promise.all(
        ['a', 'b', 'c'].map((name) =>
          t.db.kysely.selectFrom('users').select('username').where('username', '=', name).executeTakeFirst(),
        ),
      );
      expect(ids).toEqual([undefined, undefined, undefined]);
      const starter = await t.db.kysely
        .selectFrom('users')
        .select('username')
        .limit(1)
        .executeTakeFirstOrThrow();
      const again = await t.db.kysely
        .selectFrom('users')
        .select('username')
        .where('username', '=', starter.username)
        .executeTakeFirst();
      expect(again?.username).toBe(starter.username);
    });

    it('names each data statement once on PostgreSQL (the SQLite cache is proven above)', async () => {
      const found = await t.db.kysely.connection().execute(async (conn) => {
        const rows = [];
        for (const name of ['nobody', 'someone']) {
          rows.push(...(await conn.selectFrom('users').select('id').where('username', '=', name).execute()));
        }
        const named =
          t.db.engine === 'postgres'
            ? (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn))
                .rows
            : [];
        return { rows, named };
      });
      expect(found.rows).toEqual([]);
      const ours = found.named.filter(
        (r) => r.statement === 'select "id" from "users" where "username" = $1',
      );
      expect(ours).toHaveLength(t.db.engine === 'postgres' ? 1 : 0);
    });
  });
});
