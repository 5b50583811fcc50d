import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId, nowIso } from '../lib/ids.js';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { groupCommit } from './group-commit.js';

describe('groupCommit', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  const action = (userId: string, title: string) => ({
    id: newId(),
    userId,
    type: 'note' as const,
    title,
    memory: 'm',
    createdAt: nowIso(),
    updatedAt: nowIso(),
  });

  async function someUserId(): Promise<string> {
    return (await t.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  }

  it('commits writes that arrive together in one transaction and answers each after the commit', async () => {
    const userId = await someUserId();
    const transaction = vi.spyOn(t.db.kysely, 'transaction');
    const writes = groupCommit(t.db.kysely);
    const titles = Array.from({ length: 20 }, (_, i) => `together ${i}`);
    const answers = await Promise.all(
      titles.map((title) =>
        writes.run(async (trx) => {
          await trx.insertInto('actions').values(action(userId, title)).execute();
          return title;
        }),
      ),
    );
    expect(answers).toEqual(titles);
    expect(transaction).toHaveBeenCalledTimes(1);
    const stored = await t.db.kysely
      .selectFrom('actions')
      .select('title')
      .where('title', 'like', 'together %')
      .execute();
    expect(stored).toHaveLength(20);
    transaction.mockRestore();
  });

  it('fails only the write that failed; the others in its batch are still stored', async () => {
    const userId = await someUserId();
    const writes = groupCommit(t.db.kysely);
    const results = await Promise.allSettled(
      ['fine 1', 'broken', 'fine 2'].map((title) =>
        writes.run(async (trx) => {
          const row = action(title === 'broken' ? 'no such user' : userId, title);
          await trx.insertInto('actions').values(row).execute();
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await t.db.kysely
      .selectFrom('actions')
      .select('title')
      .where('title', 'in', ['fine 1', 'broken', 'fine 2'])
      .orderBy('title')
      .execute();
    expect(stored.map((r) => r.title)).toEqual(['fine 1', 'fine 2']);
  });

  it('keeps batches in arrival order and bounded in size', async () => {
    const userId = await someUserId();
    const transaction = vi.spyOn(t.db.kysely, 'transaction');
    const writes = groupCommit(t.db.kysely, undefined, 4);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        writes.run(async (trx) => {
          await trx
            .insertInto('actions')
            .values(action(userId, `ordered ${i}`))
            .execute();
          order.push(i);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(transaction).toHaveBeenCalledTimes(3);
    transaction.mockRestore();
  });
  it('starts no transaction while the writer is asked to pause, and goes on once the pause ends', async () => {
    const userId = await someUserId();
    let endPause = () => {};
    let pause: Promise<void> | undefined = new Promise<void>((resolve) => (endPause = resolve));
    const transaction = vi.spyOn(t.db.kysely, 'transaction');
    const writes = groupCommit(t.db.kysely, () => pause);
    let committed = false;
    const write = writes
      .run((trx) => trx.insertInto('actions').values(action(userId, 'after the pause')).execute())
      .then(() => (committed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(transaction).not.toHaveBeenCalled();
    expect(committed).toBe(false);
    pause = undefined;
    endPause();
    await write;
    expect(transaction).toHaveBeenCalledTimes(1);
    transaction.mockRestore();
  });
});
