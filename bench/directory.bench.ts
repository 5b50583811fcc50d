/**
 * Directory latency with 100,000 personas: each tab, a creator's list, searches and a deep page, over real HTTP
 * against SQLite (or PostgreSQL with TEST_DATABASE_URL), with each statement's query plan; then the hammer:
 * everyone's chat while two users hammer the slowest directory queries (bench/directory-hammer.ts, SQLite).
 */
import { CompiledQuery } from 'kysely';
import type { Db } from '../src/server/db/database.js';
import {
  directoryQueries,
  type DirectoryFilter,
} from '../src/server/modules/personas/personas.repository.js';
import { buildUser } from '../src/server/test/factories.js';
import { startTestServer } from '../src/server/test/test-server.js';
import { runDirectoryHammer } from './directory-hammer.js';
import { BENCH_PERSONAS, benchPersonaUsername, insertBenchPersonas } from './directory-personas.js';
import { percentile } from './lib/stats.js';

const RUNS = 200;
const P95_BUDGET_MS = 50;

type Shape = [label: string, filter: Omit<DirectoryFilter, 'limit'>];

const SHAPES: Shape[] = [
  ['default tab (?tag=AI)', { tag: 'AI' }],
  ['All', {}],
  ['a creator’s personas (?createdBy=)', { createdBy: 'creator42' }],
  ['Fiction tab (?q=fiction, 1,000 matches)', { q: 'fiction' }],
  ['search, common word (?q=curious)', { q: 'curious' }],
  ['search, rare term (?q=99999)', { q: '99999' }],
  ['search, 2 characters (?q=p1)', { q: 'p1' }],
  ['tab and a word it never matches (?tag=Art&q=calm)', { tag: 'Art', q: 'calm' }],
  ['deep page (cursor near the end)', { after: benchPersonaUsername(BENCH_PERSONAS - 500) }],
];

function queryString(filter: Shape[1]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    params.set(key === 'after' ? 'cursor' : key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Prints the engine's plan of every statement a directory call with this filter may run. */
async function printPlans(db: Db, filter: Shape[1]): Promise<void> {
  const explain =
    db.engine === 'postgres' ? 'explain (analyze, costs off, timing off) ' : 'explain query plan ';
  for (const [kind, statement] of Object.entries(directoryQueries(db, { ...filter, limit: 60 }))) {
    if (!statement) continue;
    const { sql, parameters } = statement.compile();
    const { rows } = await db.kysely.executeQuery<Record<string, string>>(
      CompiledQuery.raw(explain + sql, [...parameters]),
    );
    console.log(`    ${kind}: ${rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n      ')}`);
  }
}

/** Runs the directory benchmarks; true when every query's p95 is within budget and the hammer budget holds. */
export async function runDirectoryBench(): Promise<boolean> {
  const server = await startTestServer();
  let allOk = true;
  try {
    const started = performance.now();
    await insertBenchPersonas(server.testDb.db.kysely);
    console.log(
      `engine: ${server.testDb.db.engine}; inserted ${BENCH_PERSONAS} personas in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const viewer = await buildUser(server.client());
    for (const [label, filter] of SHAPES) {
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t0 = performance.now();
        const res = await viewer.client.get(`/api/users/directory${queryString(filter)}`);
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
      await printPlans(server.testDb.db, filter);
    }
  } finally {
    await server.close();
  }
  return (await runDirectoryHammer()) && allOk;
}
