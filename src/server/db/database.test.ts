import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { oncePerTurn, openDatabase, reusingStatements } from './database.js';

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

describe('writes from elsewhere (SQLite)', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('asks once per turn of the event loop', async () => {
    const read = vi.fn(() => 7);
    const memo = oncePerTurn(read);
    expect([memo(), memo(), memo()]).toEqual([7, 7, 7]);
    expect(read).toHaveBeenCalledTimes(1);
    await nextTurn();
    memo();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("notices another connection's commit from the next turn, and never its own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-elsewhere-'));
    const file = path.join(dir, 'test.db');
    const db = openDatabase({ kind: 'sqlite', file });
    const other = new SQLite(file);
    try {
      await sql`create table t (x integer)`.execute(db.kysely);
      await nextTurn();
      const before = db.writesElsewhere?.();
      await sql`insert into t values (1)`.execute(db.kysely);
      await nextTurn();
      expect(db.writesElsewhere?.()).toBe(before);
      other.prepare('insert into t values (2)').run();
      // The same turn as the look above: the commit counts as landing after it.
      expect(db.writesElsewhere?.()).toBe(before);
      await nextTurn();
      expect(db.writesElsewhere?.()).not.toBe(before);
    } finally {
      other.close();
      await db.kysely.destroy();
      await db.closed?.();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
