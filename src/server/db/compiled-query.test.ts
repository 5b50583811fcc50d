import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { compiledOnce, type Param } from './compiled-query.js';

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
