import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords } from '../../../contracts/search.js';
import { indexWaitingMessages } from '../../modules/search/message-index.js';
import { searchRepository } from '../../modules/search/search.repository.js';
import { insertRawConversation } from '../../test/raw-conversation.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { MIGRATIONS } from '../migrate.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

const ids = {
  ann: '01900000-0000-7000-8000-00000000022a',
  bob: '01900000-0000-7000-8000-00000000022b',
  conversation: '01900000-0000-7000-8000-0000000022c0',
};
const at = '2026-01-01T00:00:00.000Z';
// "العربية" as a PDF's text layer gives it: Arabic presentation forms, not the letters people type.
const SHAPED = '\uFE8D\uFEDF\uFECC\uFEAE\uFE91\uFEF4\uFE94';
const note = (n: number) => ({
  id: `01900000-0000-7000-8000-0000000022${String(n).padStart(2, '0')}`,
  userId: ids.ann,
  type: 'note' as const,
  title: `Note ${n}`,
  memory: `Read from a PDF: ${SHAPED} ${n}`,
  createdAt: at,
  updatedAt: at,
});

/**
 * What Ann's search for the typed spelling of "العربية" finds, as the search service asks. Messages waiting for
 * their batch (SQLite) are indexed first only once the schema is migrated: the batch is today's code.
 */
async function found({ indexWaiting = true } = {}): Promise<string[]> {
  if (indexWaiting && t.db.engine === 'sqlite') await indexWaitingMessages(t.db.kysely);
  const candidates = await searchRepository(t.db).candidates(ids.ann, searchWords('العربية'));
  return candidates.map((c) => c.ref).sort();
}

describe('migration 022: the search index holds text in its normalised spelling', () => {
  it('finds text stored before it in presentation forms, and what is written after, and goes down and up', async () => {
    const migrator = new Migrator({ db: t.db.kysely, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('021-directory-tab-search')).error).toBeUndefined();
    const k = t.db.kysely;
    await insertRawConversation(k, { id: ids.conversation, low: ids.ann, high: ids.bob, at });
    const message = '01900000-0000-7000-8000-000000002201';
    await k
      .insertInto('messages')
      .values({
        id: message,
        conversationId: ids.conversation,
        senderId: ids.bob,
        text: `${SHAPED}!`,
        createdAt: at,
      })
      .execute();
    await k.insertInto('actions').values(note(1)).execute();
    expect(await found({ indexWaiting: false })).toEqual([]);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await found()).toEqual([message, note(1).id].sort());
    await k.insertInto('actions').values(note(2)).execute();
    expect(await found()).toEqual([message, note(1).id, note(2).id].sort());

    expect((await migrator.migrateTo('021-directory-tab-search')).error).toBeUndefined();
    expect(await found()).toEqual([]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await found()).toEqual([message, note(1).id, note(2).id].sort());
  });
});
