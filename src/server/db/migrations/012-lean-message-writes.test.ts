import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRawConversation } from '../../test/raw-conversation.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { MIGRATIONS } from '../migrate.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

const ids = {
  low: '01900000-0000-7000-8000-00000000000a',
  high: '01900000-0000-7000-8000-00000000000b',
  conversation: '01900000-0000-7000-8000-0000000000c0',
};
const message = (n: number, senderId: string, seen: 0 | 1) => ({
  id: `01900000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  conversationId: ids.conversation,
  senderId,
  text: `m${n}`,
  seen,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('migration 012: seen marks start where each side’s unseen messages start', () => {
  it('backfills each side’s unseen_from from its oldest unseen message, and goes down and up again', async () => {
    const migrator = new Migrator({ db: t.db.kysely, provider: { getMigrations: async () => MIGRATIONS } });
    const down = await migrator.migrateTo('011-directory-search');
    expect(down.error).toBeUndefined();
    const k = t.db.kysely;
    const at = '2026-01-01T00:00:00.000Z';
    await insertRawConversation(k, { id: ids.conversation, low: ids.low, high: ids.high, at });
    // High sent 1 (seen by low) and 3, 4 (unseen by low); low sent 2 (seen by high).
    await k
      .insertInto('messages')
      .values([
        message(1, ids.high, 1),
        message(2, ids.low, 1),
        message(3, ids.high, 0),
        message(4, ids.high, 0),
      ])
      .execute();

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const row = await k
      .selectFrom('conversations')
      .select(['unseenFromLow', 'unseenFromHigh'])
      .where('id', '=', ids.conversation)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ unseenFromLow: message(3, ids.high, 0).id, unseenFromHigh: '' });
  });
});
