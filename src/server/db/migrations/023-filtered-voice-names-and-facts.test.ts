import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { MIGRATIONS } from '../migrate.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

const at = '2026-01-01T00:00:00.000Z';
const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ids = { person: id(1), persona: id(2), conversation: id(3) };

describe('migration 023: voice names and model-written facts stored before are filtered', () => {
  it('filters voice names and the model’s facts, deletes a fact that was only markup, leaves the person’s own', async () => {
    const migrator = new Migrator({ db: t.db.kysely, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('021-directory-tab-search')).error).toBeUndefined();
    const k = t.db.kysely;
    const voices = {
      [ids.person]: '<b>Samantha</b>',
      [ids.persona]: 'Microsoft Zira - English (United States)',
    };
    for (const [userId, voiceName] of Object.entries(voices)) {
      await k
        .insertInto('users')
        .values({
          id: userId,
          name: userId,
          username: `u${userId.slice(-2)}`,
          email: `${userId}@example.com`,
          passwordHash: 'x',
          voiceName,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    await k
      .insertInto('conversations')
      .values({
        id: ids.conversation,
        userLow: ids.person,
        userHigh: ids.persona,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    const fact = (n: number, text: string, source: 'ai' | 'person') => ({
      id: id(100 + n),
      conversationId: ids.conversation,
      text,
      source,
      createdAt: at,
      updatedAt: at,
    });
    await k
      .insertInto('memoryItems')
      .values([
        fact(1, 'Their name is <b>Ada</b>.', 'ai'),
        fact(2, '<> ** —', 'ai'),
        fact(3, 'Likes tea.', 'ai'),
        fact(4, 'I write <b>this</b> myself!', 'person'),
      ])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const names = await k
      .selectFrom('users')
      .select(['id', 'voiceName'])
      .where('id', 'in', [ids.person, ids.persona])
      .orderBy('id')
      .execute();
    expect(names).toEqual([
      { id: ids.person, voiceName: 'bSamanthab' },
      { id: ids.persona, voiceName: 'Microsoft Zira - English (United States)' },
    ]);
    const facts = await k.selectFrom('memoryItems').select(['id', 'text']).orderBy('id').execute();
    expect(facts).toEqual([
      { id: id(101), text: 'Their name is b Ada b .' },
      { id: id(103), text: 'Likes tea.' },
      { id: id(104), text: 'I write <b>this</b> myself!' },
    ]);
  });
});
