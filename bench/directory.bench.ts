/**
 * Directory latency with 100,000 personas: each tab, a creator's list, search and a deep page,
 * over real HTTP against SQLite (or PostgreSQL with TEST_DATABASE_URL).
 */
import { sql } from 'kysely';
import { CATEGORY_TAGS } from '../src/contracts/rules.js';
import { newId, nowIso } from '../src/server/lib/ids.js';
import { buildUser } from '../src/server/test/factories.js';
import { startTestServer } from '../src/server/test/test-server.js';

const PERSONAS = 100_000;
const CREATORS = 1_000;
const RUNS = 200;
const P95_BUDGET_MS = 50;

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs the directory benchmark; true when every query's p95 is within budget. */
export async function runDirectoryBench(): Promise<boolean> {
  const server = await startTestServer();
  try {
    const db = server.testDb.db.kysely;
    const now = nowIso();
    const started = performance.now();
    for (let offset = 0; offset < PERSONAS; offset += 1000) {
      const rows = Array.from({ length: 1000 }, (_, j) => {
        const i = offset + j;
        const word = WORDS[i % WORDS.length] ?? 'calm';
        const role = ROLES[Math.floor(i / 10) % ROLES.length] ?? 'guide';
        return {
          id: newId(),
          name: `${word} ${role} ${i}`,
          username: `p${i.toString(36).padStart(5, '0')}`,
          email: `p${i}@ai.simplified.invalid`,
          passwordHash: '!persona',
          bio: `A ${word} ${role} who helps with everyday things. Number ${i}.`,
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
    await sql`analyze users`.execute(db);
    console.log(
      `engine: ${server.testDb.db.engine}; inserted ${PERSONAS} personas in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const viewer = await buildUser(server.client());
    const deepCursor = `p${(PERSONAS - 500).toString(36).padStart(5, '0')}`;
    const queries: Array<[string, string]> = [
      ['default tab (?tag=AI)', '?tag=AI'],
      ['All', ''],
      ['a creator’s personas (?createdBy=)', '?createdBy=creator42'],
      ['search, common word (?q=curious)', '?q=curious'],
      ['search, rare term (?q=99999)', '?q=99999'],
      ['deep page (cursor near the end)', `?cursor=${deepCursor}`],
    ];
    let allOk = true;
    for (const [label, query] of queries) {
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t0 = performance.now();
        const res = await viewer.client.get(`/api/users/directory${query}`);
        if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
        timings.push(performance.now() - t0);
      }
      timings.sort((a, b) => a - b);
      const p95 = percentile(timings, 95);
      const ok = p95 <= P95_BUDGET_MS;
      allOk &&= ok;
      console.log(
        `${ok ? 'ok  ' : 'OVER'} ${label}: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ${P95_BUDGET_MS} ms)`,
      );
    }
    return allOk;
  } finally {
    await server.close();
  }
}
