/**
 * Seeds a benchmark database directly (people, their sessions, conversations between them) before the server
 * process starts on it, so a 2,000-person benchmark does not spend minutes on argon2 sign-ups. The server
 * then resolves these sessions and serves these rows through exactly the paths real users take.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { hashPassword } from '../../src/server/modules/accounts/passwords.js';
import { orderedPair } from '../../src/server/modules/messages/messages.repository.js';
import { newId } from '../../src/server/lib/ids.js';

export interface SeededUser {
  userId: string;
  username: string;
  /** `sid=<token>`: the session cookie a signed-in browser sends. */
  cookie: string;
}

export const BENCH_PASSWORD = 'benchmark password';
const BATCH = 500;

/**
 * Creates `count` people with one live session each, plus a conversation for each given pair of indexes
 * (so presence has contacts to tell and the conversation list has rows).
 */
export async function seedPeople(
  database: Config['database'],
  count: number,
  pairs: ReadonlyArray<readonly [number, number]> = [],
  prefix = 'bench',
): Promise<SeededUser[]> {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const now = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const people = Array.from({ length: count }, (_, i) => {
      const token = randomBytes(32).toString('base64url');
      return {
        user: {
          id: newId(),
          name: `Bench ${i}`,
          username: `${prefix}_${i}`,
          email: `${prefix}_${i}@example.com`,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        },
        token,
      };
    });
    for (let i = 0; i < people.length; i += BATCH) {
      const slice = people.slice(i, i + BATCH);
      await db.kysely
        .insertInto('users')
        .values(slice.map((p) => p.user))
        .execute();
      await db.kysely
        .insertInto('sessions')
        .values(
          slice.map((p) => ({
            tokenHash: createHash('sha256').update(p.token).digest('base64url'),
            userId: p.user.id,
            createdAt: now,
            expiresAt,
          })),
        )
        .execute();
    }
    const seen = new Set<string>();
    const conversations = pairs.flatMap(([a, b]) => {
      const pair = orderedPair(people[a]?.user.id ?? '', people[b]?.user.id ?? '');
      const key = `${pair.userLow}/${pair.userHigh}`;
      if (a === b || seen.has(key)) return [];
      seen.add(key);
      return [{ id: newId(), ...pair, createdAt: now, updatedAt: now }];
    });
    for (let i = 0; i < conversations.length; i += BATCH) {
      await db.kysely
        .insertInto('conversations')
        .values(conversations.slice(i, i + BATCH))
        .execute();
    }
    return people.map((p) => ({ userId: p.user.id, username: p.user.username, cookie: `sid=${p.token}` }));
  } finally {
    await db.kysely.destroy();
  }
}
