import { Migrator, sql } from 'kysely';
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
async function found(): Promise<string[]> {
  if (t.db.engine === 'sqlite') await indexWaitingMessages(t.db.kysely);
  const candidates = await searchRepository(t.db).candidates(ids.ann, searchWords('العربية'));
  return candidates.map((c) => c.ref).sort();
}

/**
 * The same search asked straight of the index, at a schema older than today's code (which also looks in rooms,
 * migration 029): the message and note ids holding a word that begins with the typed spelling.
 */
async function foundAtOldSchema(): Promise<string[]> {
  const [word = ''] = searchWords('العربية');
  const { rows } =
    t.db.engine === 'sqlite'
      ? await sql<{ ref: string }>`select r.ref from search_text
          join search_rows r on r.search_rowid = search_text.rowid
          where search_text match ${`body : ("${word}"*)`}`.execute(t.db.kysely)
      : await sql<{
          ref: string;
        }>`select id as ref from messages where search_vector @@ to_tsquery('simple', ${`${word}:*`})
          union all select id from actions where search_vector @@ to_tsquery('simple', ${`${word}:*`})`.execute(
          t.db.kysely,
        );
  return rows.map((row) => row.ref).sort();
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
    expect(await foundAtOldSchema()).toEqual([]);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await found()).toEqual([message, note(1).id].sort());
    await k.insertInto('actions').values(note(2)).execute();
    expect(await found()).toEqual([message, note(1).id, note(2).id].sort());

    expect((await migrator.migrateTo('021-directory-tab-search')).error).toBeUndefined();
    expect(await foundAtOldSchema()).toEqual([]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await found()).toEqual([message, note(1).id, note(2).id].sort());
  });
});
