import SQLite from 'better-sqlite3';
import type { TestDb } from './test-db.js';

/**
 * Freezes an account as an operator does, from outside the app: on SQLite through a connection of its own
 * (so the app's caches must notice a write they did not make), on PostgreSQL through the test's pool.
 */
export async function freezeFromOutside(testDb: TestDb, userId: string): Promise<void> {
  const { database } = testDb;
  if (database.kind === 'sqlite') {
    const operator = new SQLite(database.file);
    operator.prepare('update users set is_frozen = 1 where id = ?').run(userId);
    operator.close();
    return;
  }
  await testDb.db.kysely.updateTable('users').set({ isFrozen: 1 }).where('id', '=', userId).execute();
}
