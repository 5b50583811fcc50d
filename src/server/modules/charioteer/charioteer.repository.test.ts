import { UpdateQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionTurnRow } from '../../db/schema.js';
import { newId, nowIso } from '../../lib/ids.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { charioteerRepository } from './charioteer.repository.js';

/** Fails every UPDATE, as a full disk or a lost connection would fail the second write of a turn. */
const updatesFail: KyselyPlugin = {
  transformQuery({ node }) {
    if (UpdateQueryNode.is(node)) throw new Error('the disk is full');
    return node;
  },
  transformResult: async ({ result }) => result,
};

describe('charioteerRepository.addTurn', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  async function discussion(turnsLeft: number) {
    const owner = await t.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = nowIso();
    return charioteerRepository(t.db.kysely).insert({
      id: newId(),
      userId: owner.id,
      topic: 'Tea or coffee?',
      seatIds: '[]',
      status: 'running',
      nextSpeakerId: null,
      turnsLeft,
      createdAt: now,
      updatedAt: now,
    });
  }

  const turnOf = (discussionId: string): DiscussionTurnRow => ({
    id: newId(),
    discussionId,
    speakerId: newId(),
    speakerKind: 'persona',
    text: 'Tea, because the kettle is warm.',
    cutShort: 0,
    createdAt: nowIso(),
  });

  it('stores the turn and the change to its discussion together', async () => {
    const repo = charioteerRepository(t.db.kysely);
    const row = await discussion(3);
    const turn = turnOf(row.id);
    expect(await repo.addTurn(turn, (current) => ({ turnsLeft: current.turnsLeft - 1 }))).toBe(true);
    // PostgreSQL adds its search column to the row.
    expect(await repo.turns(row.id)).toMatchObject([turn]);
    expect((await repo.find(row.id))?.turnsLeft).toBe(2);
  });

  it('keeps no turn when the change to its discussion fails: one transaction', async () => {
    const row = await discussion(3);
    const failing = charioteerRepository(t.db.kysely.withPlugin(updatesFail));
    await expect(failing.addTurn(turnOf(row.id), () => ({ turnsLeft: 2 }))).rejects.toThrow(
      'the disk is full',
    );
    const repo = charioteerRepository(t.db.kysely);
    expect(await repo.turns(row.id)).toEqual([]);
    expect((await repo.find(row.id))?.turnsLeft).toBe(3);
  });

  it('stores nothing for a discussion that is gone', async () => {
    const repo = charioteerRepository(t.db.kysely);
    const turn = turnOf(newId());
    expect(await repo.addTurn(turn, () => ({ turnsLeft: 0 }))).toBe(false);
    expect(await repo.turns(turn.discussionId)).toEqual([]);
  });
});
