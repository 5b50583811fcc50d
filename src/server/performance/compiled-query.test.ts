import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { compiledOnce, runDirectlyInTransactions, type Param } from './compiled-query.js';
import { openDatabase, reusingStatements, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

describe('compiledOnce', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  it('compiles once and runs with each call’s own values, in a transaction too', async () => {
    let builds = 0;
    const byName = compiledOnce(t.db.kysely, (param: Param<'username' | 'limit'>) => {
      builds += 1;
      return t.db.kysely
        .selectFrom('users')
        .select(['username', 'isAi'])
        .where('username', '=', param('username'))
        .where('isAi', '=', 1)
        .limit(param('limit'));
    });
    const starter = await t.db.kysely
      .selectFrom('users')
      .select('username')
      .where('isAi', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await byName({ username: starter.username, limit: 5 })).rows).toEqual([
      { username: starter.username, isAi: 1 },
    ]);
    expect((await byName({ username: 'nobody here', limit: 5 })).rows).toEqual([]);
    const inTrx = await t.db.kysely
      .transaction()
      .execute((trx) => byName({ username: starter.username, limit: 0 }, trx));
    expect(inTrx.rows).toEqual([]);
    // The constant 1 stayed a constant; only the named values changed between calls.
    expect(builds).toBe(1);
  });
});

describe('compiledOnce inside a SQLite transaction', () => {
  let dataDir: string;
  let owner: Db;
  let raw: SQLite.Database;
  let db: Kysely<Database>;
  const viaKysely: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-direct-'));
    const file = path.join(dataDir, 'direct.db');
    owner = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(owner);
    // A second connection to the same file whose Kysely logs what reaches its driver.
    raw = new SQLite(file);
    const statements = reusingStatements(raw);
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: statements }),
      plugins: [new CamelCasePlugin()],
      log: (event) => void viaKysely.push(event.query.sql),
    });
    runDirectlyInTransactions(db, statements.prepare);
  });
  afterAll(async () => {
    await db.destroy();
    await owner.kysely.destroy();
    await owner.closed?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const person = (id: string) => ({
    id,
    name: id,
    username: id,
    email: `${id}@example.com`,
    passwordHash: 'x',
    createdAt: '2026-11-26T00:00:00.000Z',
    updatedAt: '2026-11-26T00:00:00.000Z',
  });
  const addPerson = () =>
    compiledOnce(
      db,
      (p: Param<'id' | 'name' | 'username' | 'email' | 'passwordHash' | 'createdAt' | 'updatedAt'>) =>
        db.insertInto('users').values({
          id: p('id'),
          name: p('name'),
          username: p('username'),
          email: p('email'),
          passwordHash: p('passwordHash'),
          createdAt: p('createdAt'),
          updatedAt: p('updatedAt'),
        }),
    );
  const usernames = async () =>
    (await db.selectFrom('users').select('username').orderBy('username').execute()).map((u) => u.username);

  it('goes straight to the connection, with Kysely’s result shape, and commits or rolls back with the transaction', async () => {
    const insert = addPerson();
    const byId = compiledOnce(db, (p: Param<'id'>) =>
      db.selectFrom('users').select(['id', 'passwordHash', 'isAi']).where('id', '=', p('id')),
    );
    viaKysely.length = 0;
    const [written, read] = await db.transaction().execute(async (trx) => {
      const w = await insert(person('kept'), trx);
      return [w, await byId({ id: 'kept' }, trx)] as const;
    });
    // Only the transaction's own begin and commit passed through Kysely's driver.
    expect(viaKysely).toEqual(['begin', 'commit']);
    expect(written.numAffectedRows).toBe(1n);
    expect(read.rows).toEqual([{ id: 'kept', passwordHash: 'x', isAi: 0 }]);

    await expect(
      db.transaction().execute(async (trx) => {
        await insert(person('undone'), trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await usernames()).toEqual(['kept']);
  });

  it('outside a transaction waits for an open one instead of joining it', async () => {
    const insert = addPerson();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened = () => {};
    const open = new Promise<void>((resolve) => (opened = resolve));
    const failing = db.transaction().execute(async (trx) => {
      await insert(person('rolled-back'), trx);
      opened();
      await gate;
      throw new Error('rolled back');
    });
    await open;
    // Started while the transaction is open; run directly it would have been undone with it.
    const outside = insert(person('on-its-own'));
    release();
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    expect(await usernames()).toEqual(['kept', 'on-its-own']);
  });
});
