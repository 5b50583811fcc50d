/** The directory benchmarks' personas: 14 tags, 1,000 creators, names and bios with common and rare words. */
import { sql, type Kysely } from 'kysely';
import { CATEGORY_TAGS } from '../src/contracts/rules.js';
import type { Database } from '../src/server/db/schema.js';
import { newId, nowIso } from '../src/server/lib/ids.js';

export const BENCH_PERSONAS = 100_000;
const CREATORS = 1_000;
/** Every 100th persona mentions fiction, so the Fiction tab (a search for its word) has 1,000 results to page. */
const FICTION_EVERY = 100;
const WORDS = ['calm', 'bold', 'curious', 'patient', 'witty', 'gentle', 'sharp', 'kind', 'brave', 'quiet'];
const ROLES = [
  'guide',
  'coach',
  'storyteller',
  'tutor',
  'critic',
  'planner',
  'poet',
  'analyst',
  'mentor',
  'friend',
];

/** The username of the i-th persona: usernames sort in insertion order. */
export function benchPersonaUsername(i: number): string {
  return `p${i.toString(36).padStart(5, '0')}`;
}

/** Inserts `count` personas straight into users (the FTS triggers index them) and gathers planner statistics. */
export async function insertBenchPersonas(db: Kysely<Database>, count = BENCH_PERSONAS): Promise<void> {
  const now = nowIso();
  for (let offset = 0; offset < count; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - offset) }, (_, j) => {
      const i = offset + j;
      const word = WORDS[i % WORDS.length] ?? 'calm';
      const role = ROLES[Math.floor(i / 10) % ROLES.length] ?? 'guide';
      const topic = i % FICTION_EVERY === 0 ? 'science fiction' : 'everyday things';
      return {
        id: newId(),
        name: `${word} ${role} ${i}`,
        username: benchPersonaUsername(i),
        email: `p${i}@ai.simplified.invalid`,
        passwordHash: '!persona',
        bio: `A ${word} ${role} who helps with ${topic}. Number ${i}.`,
        tag: CATEGORY_TAGS[i % CATEGORY_TAGS.length] ?? 'AI',
        createdByUsername: `creator${i % CREATORS}`,
        isAi: 1 as const,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insertInto('users').values(rows).execute();
  }
  // A live database has planner statistics; a bulk load needs them gathered once.
  await sql`analyze`.execute(db);
}
